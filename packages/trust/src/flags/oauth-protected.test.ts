import { daysAgo, trustInput } from "../trust.fixtures.js";
import { oauthProtected } from "./oauth-protected.js";

describe("oauth_protected", () => {
  it("is present when a live remote asks for authorization", () => {
    const probes = [
      { url: "https://mcp.example.com", outcome: "auth_required", authRequired: true, at: daysAgo(1) },
    ];
    expect(oauthProtected.detect(trustInput({ probes }))).toEqual({
      url: "https://mcp.example.com",
      probed_at: daysAgo(1).toISOString(),
    });
  });
  it("is absent for an open remote or a failed one", () => {
    const open = [{ url: "https://a.example.com", outcome: "ok", authRequired: false, at: daysAgo(1) }];
    const failed = [
      { url: "https://b.example.com", outcome: "http_error", authRequired: true, at: daysAgo(1) },
    ];
    expect(oauthProtected.detect(trustInput({ probes: open }))).toBeNull();
    expect(oauthProtected.detect(trustInput({ probes: failed }))).toBeNull();
  });
});
