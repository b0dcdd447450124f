import { failedProbe, input, okProbe } from "../probe.fixtures.js";
import { remoteReachable } from "./remote-reachable.js";

describe("remote_reachable", () => {
  it("passes when the remote answers MCP, with or without OAuth", () => {
    expect(remoteReachable.run(input()).status).toBe("pass");
    expect(remoteReachable.run(input({ probe: okProbe({ outcome: "auth_required" }) })).status).toBe("pass");
  });
  it.each([
    "not_mcp",
    "timeout",
    "tls_error",
    "dns_error",
    "refused",
    "http_error",
    "wrong_transport",
  ] as const)("fails on %s", (outcome) => {
    expect(remoteReachable.run(input({ probe: okProbe({ outcome }) })).status).toBe("fail");
  });
  it("does not apply without a remote", () => {
    expect(remoteReachable.run(input({ probe: null })).status).toBe("na");
  });
  it("passes on the last answer while the latest failure does not count yet", () => {
    const held = input({ probe: okProbe(), latestFailure: failedProbe("dns_error") });
    expect(remoteReachable.run(held).status).toBe("pass");
  });
  it("does not fail a remote that never answered on its first failure", () => {
    const failed = failedProbe("dns_error");
    expect(remoteReachable.run(input({ probe: failed, latestFailure: failed }))).toEqual({
      status: "na",
      detail: "The remote has not answered a probe yet.",
    });
  });
});
