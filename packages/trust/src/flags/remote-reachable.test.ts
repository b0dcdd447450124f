import { daysAgo, trustInput } from "../trust.fixtures.js";
import { remoteReachable } from "./remote-reachable.js";

const probe = (outcome: string) => ({
  url: "https://mcp.example.com",
  outcome,
  authRequired: false,
  at: daysAgo(1),
});

describe("remote_reachable", () => {
  it("is present when a latest probe answered, OAuth challenges included", () => {
    expect(
      remoteReachable.detect(trustInput({ probes: [probe("timeout"), probe("auth_required")] })),
    ).toEqual({
      url: "https://mcp.example.com",
      outcome: "auth_required",
      probed_at: daysAgo(1).toISOString(),
    });
  });
  it("is absent without a live probe", () => {
    expect(remoteReachable.detect(trustInput({ probes: [probe("refused")] }))).toBeNull();
    expect(remoteReachable.detect(trustInput())).toBeNull();
  });
});
