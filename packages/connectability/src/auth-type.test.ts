import type { Remote } from "@catalog/registry";
import { declaresCredential, remoteAuth, type RemoteAuthInput } from "./auth-type.js";

const URL_A = "https://mcp.example.com/mcp";
const remote: Remote = { type: "streamable-http", url: URL_A };
const oauth = {
  required: true,
  resource_metadata_url: `${URL_A}/.well-known/oauth-protected-resource`,
  resource: URL_A,
  authorization_servers: ["https://auth.example.com"],
  scopes_supported: [],
  pkce_s256: true,
  client_id_metadata_document_supported: false,
  registration_endpoint: "https://auth.example.com/register",
  authorization_endpoint: "https://auth.example.com/authorize",
  token_endpoint: "https://auth.example.com/token",
};
const noAuth = { ...oauth, required: false };

const input = (overrides: Partial<RemoteAuthInput> = {}): RemoteAuthInput => ({
  remote,
  probe: undefined,
  connectionClass: "unknown",
  via: null,
  ...overrides,
});

describe("remoteAuth", () => {
  it("says header for a remote that declares a credential, whatever the probe saw", () => {
    const headers = [{ name: "Authorization", isRequired: true, isSecret: true }];
    const probe = { outcome: "auth_required", authRequired: true, auth: oauth };
    expect(remoteAuth(input({ remote: { ...remote, headers }, probe }))).toEqual({
      auth_type: "header",
      oauth,
    });
  });

  it("says oauth with the summary when the latest probe required OAuth", () => {
    const probe = { outcome: "auth_required", authRequired: true, auth: oauth };
    expect(remoteAuth(input({ probe }))).toEqual({ auth_type: "oauth", oauth });
  });

  it("says none after a plain success, and nothing after a failure or a requirement without a summary", () => {
    expect(remoteAuth(input({ probe: { outcome: "ok", authRequired: false, auth: noAuth } }))).toEqual({
      auth_type: "none",
      oauth: null,
    });
    expect(remoteAuth(input({ probe: { outcome: "timeout", authRequired: false, auth: null } }))).toEqual({
      auth_type: null,
      oauth: null,
    });
    expect(
      remoteAuth(input({ probe: { outcome: "auth_required", authRequired: true, auth: null } })),
    ).toEqual({
      auth_type: null,
      oauth: null,
    });
  });

  it("falls back to the catalog's class only when its connectability chose this remote", () => {
    const via = { kind: "remote", url: URL_A };
    expect(remoteAuth(input({ connectionClass: "R0", via })).auth_type).toBe("none");
    expect(remoteAuth(input({ connectionClass: "R1", via })).auth_type).toBe("oauth");
    expect(remoteAuth(input({ connectionClass: "R2", via })).auth_type).toBeNull();
    expect(
      remoteAuth(input({ connectionClass: "R0", via: { kind: "remote", url: "https://x.example/mcp" } }))
        .auth_type,
    ).toBeNull();
    expect(remoteAuth(input({ connectionClass: "R0", via: null })).auth_type).toBeNull();
  });
});

describe("declaresCredential", () => {
  it("counts required or secret headers without a default, and templated values", () => {
    const with_ = (headers: Remote["headers"]) => declaresCredential({ ...remote, headers });
    expect(with_([{ name: "X-Key", isSecret: true }])).toBe(true);
    expect(with_([{ name: "X-Key", isRequired: true, default: "k" }])).toBe(false);
    expect(with_([{ name: "Authorization", value: "Bearer {token}" }])).toBe(true);
    expect(with_([{ name: "X-Client", value: "catalog" }])).toBe(false);
    expect(with_(undefined)).toBe(false);
  });
});
