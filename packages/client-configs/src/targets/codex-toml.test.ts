import { parse } from "smol-toml";
import { isRefusal, type Endpoint } from "../endpoint.js";
import { remoteEndpoint } from "../remote.js";
import { codexToml } from "./codex-toml.js";

const context = { key: "acme", description: "Acme tools" };

describe("codex-toml target", () => {
  it("reads secret headers from the environment and fixed ones as they are", () => {
    const endpoint = remoteEndpoint(
      {
        type: "streamable-http",
        url: "https://mcp.acme.dev/mcp",
        headers: [
          { name: "Authorization", value: "Bearer {acme_token}", isSecret: true },
          { name: "X-Org", isRequired: true, description: "Organisation id" },
          { name: "X-Sig", value: "App {sig}", isSecret: true },
          { name: "X-Client", value: "catalog" },
        ],
      },
      0,
      "acme",
    ) as Endpoint;
    const out = codexToml(endpoint, context);
    if (isRefusal(out)) throw new Error(out.refused);
    expect(parse(String(out.config))).toEqual({
      mcp_servers: {
        acme: {
          url: "https://mcp.acme.dev/mcp",
          bearer_token_env_var: "ACME_TOKEN",
          http_headers: { "X-Client": "catalog" },
          env_http_headers: { "X-Org": "ACME_X_ORG", "X-Sig": "ACME_X_SIG" },
        },
      },
    });
    expect(out.secrets.map((s) => [s.name, s.where])).toEqual([
      ["ACME_TOKEN", "env"],
      ["ACME_X_ORG", "env"],
      ["ACME_X_SIG", "env"],
    ]);
    expect(out.secrets[2]?.description).toBe("The whole X-Sig header: App <SIG>");
  });

  it("keeps <NAME> markers where Codex expands nothing and forwards whole variables", () => {
    const pkg: Endpoint = {
      kind: "package",
      index: 0,
      registryType: "npm",
      identifier: "@acme/mcp",
      command: "npx",
      args: [["-y"], ["@acme/mcp@1.4.0"], [{ name: "DB_URL", description: "Database", secret: false }]],
      env: [
        { name: "ACME_TOKEN", value: [{ name: "ACME_TOKEN", description: "Token", secret: true }] },
        { name: "REGION", value: ["eu"] },
      ],
      withheld: [],
    };
    const out = codexToml(pkg, context);
    if (isRefusal(out)) throw new Error(out.refused);
    expect(parse(String(out.config))).toEqual({
      mcp_servers: {
        acme: {
          command: "npx",
          args: ["-y", "@acme/mcp@1.4.0", "<DB_URL>"],
          env: { REGION: "eu" },
          env_vars: ["ACME_TOKEN"],
        },
      },
    });
    expect(out.secrets.map((s) => [s.name, s.where])).toEqual([
      ["DB_URL", "config"],
      ["ACME_TOKEN", "env"],
    ]);
  });

  it("refuses SSE, which Codex does not speak", () => {
    const sse = remoteEndpoint({ type: "sse", url: "https://mcp.acme.dev/sse" }, 0, "acme") as Endpoint;
    expect(codexToml(sse, context)).toEqual({
      refused: "Codex has no SSE transport, so it cannot use the sse remote https://mcp.acme.dev/sse.",
    });
  });

  it("quotes a key that TOML cannot take bare", () => {
    const remote = remoteEndpoint(
      { type: "streamable-http", url: "https://x.dev/mcp" },
      0,
      "a.b",
    ) as Endpoint;
    const out = codexToml(remote, { key: "a.b", description: "" });
    expect(parse(String("config" in out && out.config))).toEqual({
      mcp_servers: { "a.b": { url: "https://x.dev/mcp" } },
    });
  });
});
