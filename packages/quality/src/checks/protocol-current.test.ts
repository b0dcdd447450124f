import { input, okProbe } from "../probe.fixtures.js";
import { protocolCurrent } from "./protocol-current.js";

const withProtocol = (version: string | null, supported: string[] = []) =>
  input({
    probe: okProbe({
      protocol: { era: supported.length ? "modern" : "legacy", version, supported_versions: supported },
    }),
  });

describe("protocol_current", () => {
  it("passes on 2026-07-28 offered by discover or 2025-11-25 negotiated", () => {
    expect(protocolCurrent.run(withProtocol("2026-07-28", ["2026-07-28"])).status).toBe("pass");
    expect(protocolCurrent.run(withProtocol("2025-11-25")).status).toBe("pass");
  });
  it("fails on older revisions only", () => {
    expect(protocolCurrent.run(withProtocol("2025-06-18"))).toEqual({
      status: "fail",
      detail: "Offers only 2025-06-18; current revisions are 2026-07-28 and 2025-11-25.",
    });
  });
  it("does not apply before a handshake", () => {
    expect(protocolCurrent.run(withProtocol(null)).status).toBe("na");
  });
});
