import { daysAgo, history, probe, trustInput } from "../trust.fixtures.js";
import { oauthProtected } from "./oauth-protected.js";

describe("oauth_protected", () => {
  it("is present when a live remote asks for authorization", () => {
    expect(oauthProtected.detect(trustInput({ probes: [history(probe("auth_required"))] }))).toEqual({
      url: "https://mcp.example.com/mcp",
      probed_at: daysAgo(1).toISOString(),
    });
  });
  it("stays through one failed probe, on the last challenge", () => {
    const held = history(probe("timeout"), { lastAnswer: probe("auth_required", { at: daysAgo(2) }) });
    expect(oauthProtected.detect(trustInput({ probes: [held] }))).toEqual({
      url: "https://mcp.example.com/mcp",
      probed_at: daysAgo(2).toISOString(),
    });
  });
  it("is absent for an open remote or a failed one", () => {
    const open = history(probe("ok"));
    const failed = history(probe("http_error", { authRequired: true }), { failures: 2 });
    expect(oauthProtected.detect(trustInput({ probes: [open] }))).toBeNull();
    expect(oauthProtected.detect(trustInput({ probes: [failed] }))).toBeNull();
  });
});
