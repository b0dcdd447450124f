import { failedProbe, input, okProbe } from "../probe.fixtures.js";
import { toolsListed } from "./tools-listed.js";

describe("tools_listed", () => {
  it("passes when tools were listed", () => {
    expect(toolsListed.run(input()).status).toBe("pass");
  });
  it("warns when the list was cut short", () => {
    expect(
      toolsListed.run(input({ probe: okProbe({ tools_error: "tools/list failed: boom" }) })).status,
    ).toBe("warn");
  });
  it("fails on an empty list or an unreachable remote", () => {
    expect(toolsListed.run(input({ tools: [] })).status).toBe("fail");
    expect(toolsListed.run(input({ tools: [], probe: okProbe({ outcome: "timeout" }) })).status).toBe("fail");
  });
  it("does not fail a remote that never answered on its first failure", () => {
    const failed = failedProbe("timeout");
    expect(toolsListed.run(input({ tools: [], probe: failed, latestFailure: failed })).status).toBe("na");
  });
  it("does not apply when the tools are behind OAuth", () => {
    expect(toolsListed.run(input({ tools: [], probe: okProbe({ outcome: "auth_required" }) })).status).toBe(
      "na",
    );
  });
});
