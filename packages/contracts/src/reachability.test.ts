import { answeredMcp, unknownNoAnswer, standing, UNREACHABLE_AFTER } from "./reachability.js";

const ok = { outcome: "ok", at: 1 };
const dns = { outcome: "dns_error", at: 2 };

describe("answeredMcp", () => {
  it("counts an MCP answer and an OAuth challenge, nothing else", () => {
    expect(["ok", "auth_required"].every(answeredMcp)).toBe(true);
    for (const outcome of ["not_mcp", "wrong_transport", "timeout", "tls_error", "dns_error", "refused"])
      expect(answeredMcp(outcome)).toBe(false);
  });
  it("says authorization is unknown, with the outcome, when the remote did not answer", () => {
    expect(unknownNoAnswer("dns_error")).toBe("Not known: the remote did not answer: dns_error.");
  });
});

describe("standing", () => {
  it("is answered when the latest probe answered", () => {
    expect(standing({ latest: ok, lastAnswer: null, failures: 0 })).toEqual({
      state: "answered",
      observed: ok,
      latest: ok,
    });
  });
  it("holds the last answer through one failed probe", () => {
    expect(standing({ latest: dns, lastAnswer: ok, failures: 1 })).toEqual({
      state: "holding",
      observed: ok,
      latest: dns,
    });
    // A failed on-demand check counts for nothing.
    expect(standing({ latest: dns, lastAnswer: ok, failures: 0 }).state).toBe("holding");
  });
  it("turns unreachable after two failed scheduled probes in a row", () => {
    expect(UNREACHABLE_AFTER).toBe(2);
    expect(standing({ latest: dns, lastAnswer: ok, failures: 2 })).toEqual({
      state: "unreachable",
      observed: dns,
      latest: dns,
    });
    expect(standing({ latest: dns, lastAnswer: null, failures: 3 }).state).toBe("unreachable");
  });
  it("leaves a remote that never answered unconfirmed after one failure", () => {
    expect(standing({ latest: dns, lastAnswer: null, failures: 1 })).toEqual({
      state: "unconfirmed",
      observed: dns,
      latest: dns,
    });
  });
});
