import { daysAgo, history, probe, trustInput } from "../trust.fixtures.js";
import { remoteReachable } from "./remote-reachable.js";

const other = { url: "https://other.example.com/mcp" };

describe("remote_reachable", () => {
  it("is present when a remote's latest probe answered, OAuth challenges included", () => {
    const probes = [history(probe("timeout", other)), history(probe("auth_required"))];
    expect(remoteReachable.detect(trustInput({ probes }))).toEqual({
      url: "https://mcp.example.com/mcp",
      outcome: "auth_required",
      probed_at: daysAgo(1).toISOString(),
    });
  });
  it("stays through one failed probe, on the last answer, and shows the failure", () => {
    const failed = history(probe("dns_error"), { lastAnswer: probe("ok", { at: daysAgo(2) }) });
    expect(remoteReachable.detect(trustInput({ probes: [failed] }))).toEqual({
      url: "https://mcp.example.com/mcp",
      outcome: "ok",
      probed_at: daysAgo(2).toISOString(),
      latest_failure: {
        url: "https://mcp.example.com/mcp",
        outcome: "dns_error",
        probed_at: daysAgo(1).toISOString(),
      },
    });
  });
  it("goes after two failed scheduled probes in a row", () => {
    const failed = history(probe("dns_error"), { lastAnswer: probe("ok", { at: daysAgo(3) }), failures: 2 });
    expect(remoteReachable.detect(trustInput({ probes: [failed] }))).toBeNull();
  });
  it("is absent without an answer", () => {
    expect(remoteReachable.detect(trustInput({ probes: [history(probe("refused"))] }))).toBeNull();
    expect(remoteReachable.detect(trustInput())).toBeNull();
  });
});
