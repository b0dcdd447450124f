import { okProbe } from "@catalog/testing/mcp";
import { assessConnectability } from "./assess.js";
import { evidenceFromProbe } from "./evidence.js";

const url = "https://mcp.example.com/mcp";
const server = {
  name: "com.example/mcp",
  version: "1.0.0",
  description: "x",
  remotes: [{ type: "streamable-http", url }],
};
const oauth = {
  ...okProbe().auth,
  required: true,
  resource_metadata_url: "https://mcp.example.com/.well-known/oauth-protected-resource/mcp",
  authorization_servers: ["https://auth.example.com"],
  authorization_endpoint: "https://auth.example.com/authorize",
  token_endpoint: "https://auth.example.com/token",
  pkce_s256: true,
};

describe("evidenceFromProbe", () => {
  it("an open remote that answered is R0", () => {
    const evidence = evidenceFromProbe(url, "ok", okProbe());
    expect(evidence).toEqual({ url, outcome: "ok" });
    expect(assessConnectability(server, [evidence]).class).toBe("R0");
  });

  it("OAuth with discoverable metadata and CIMD or dynamic registration is R1", () => {
    for (const auth of [
      { ...oauth, client_id_metadata_document_supported: true },
      { ...oauth, registration_endpoint: "https://auth.example.com/register" },
    ]) {
      const evidence = evidenceFromProbe(url, "auth_required", { auth });
      expect(assessConnectability(server, [evidence]).class).toBe("R1");
    }
  });

  it("OAuth without automatic registration, or without PKCE S256, is R2", () => {
    expect(
      assessConnectability(server, [evidenceFromProbe(url, "auth_required", { auth: oauth })]).class,
    ).toBe("R2");
    const noPkce = { ...oauth, pkce_s256: false, client_id_metadata_document_supported: true };
    expect(evidenceFromProbe(url, "auth_required", { auth: noPkce }).oauth?.authorizationServerMetadata).toBe(
      false,
    );
  });

  it("a late gate (handshake open, tools/list behind sign-in) is live: R1, tools unknown until sign-in", () => {
    const auth = { ...oauth, client_id_metadata_document_supported: true };
    const evidence = evidenceFromProbe(url, "auth_required", { auth, access: "late_gate" });
    expect(evidence.access).toBe("late_gate");
    const judged = assessConnectability(server, [evidence]);
    expect(judged.class).toBe("R1");
    expect(judged.reason).toMatch(/tools are listed only after sign-in/);
    const hard = assessConnectability(server, [
      evidenceFromProbe(url, "auth_required", { auth, access: "hard_gate" }),
    ]);
    expect(hard.reason).not.toMatch(/after sign-in/);
  });

  it("a failed probe or an unreadable result gives no class", () => {
    expect(assessConnectability(server, [evidenceFromProbe(url, "not_mcp", okProbe())]).class).toBe(
      "unknown",
    );
    expect(evidenceFromProbe(url, "auth_required", { auth: { required: "yes" } })).toEqual({
      url,
      outcome: "auth_required",
    });
  });
});
