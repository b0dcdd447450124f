import { UNREACHABLE_AFTER } from "@catalog/contracts";
import { standings, sighting, type TrustFlagDefinition } from "../types.js";

export const remoteUnreachable: TrustFlagDefinition = {
  flag: "remote_unreachable",
  weight: -15,
  meaning: `Every probed remote failed ${UNREACHABLE_AFTER} or more scheduled probes in a row, with no answer since: a listing that does not answer is not to be relied on.`,
  detect: (input) => {
    const found = standings(input);
    if (found.length === 0 || found.some((s) => s.state !== "unreachable")) return null;
    return {
      probes: input.probes.map((h) => ({ ...sighting(h.latest), failed_in_a_row: h.failures })),
    };
  },
};
