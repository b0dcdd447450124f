import { fail, na, pass, type QualityCheckDefinition } from "../types.js";

const CURRENT_VERSIONS = ["2026-07-28", "2025-11-25"];

export const protocolCurrent: QualityCheckDefinition = {
  id: "protocol_current",
  weight: 10,
  restsOnAnswer: true,
  run: ({ probe }) => {
    if (!probe?.protocol.version)
      return na("The protocol version is not known (the handshake did not complete).");
    const offered = new Set([...probe.protocol.supported_versions, probe.protocol.version]);
    const current = CURRENT_VERSIONS.filter((v) => offered.has(v));
    if (current.length) return pass(`Offers ${current.join(" and ")}.`);
    return fail(
      `Offers only ${[...offered].join(", ")}; current revisions are ${CURRENT_VERSIONS.join(" and ")}.`,
    );
  },
};
