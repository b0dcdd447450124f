import type { Endpoint } from "../endpoint.js";
import { remoteEndpoint } from "../remote.js";
import { antigravity } from "./antigravity.js";

const context = { key: "acme", description: "Acme tools" };

describe("antigravity target", () => {
  it("writes a remote as serverUrl with headers, markers to replace by hand", () => {
    const endpoint = remoteEndpoint(
      {
        type: "streamable-http",
        url: "https://{tenant}.acme.dev/mcp",
        variables: { tenant: { description: "Tenant", isRequired: true } },
        headers: [{ name: "Authorization", value: "Bearer {acme_token}", isSecret: true }],
      },
      0,
      "acme",
    ) as Endpoint;
    expect(antigravity(endpoint, context)).toEqual({
      contentType: "application/json",
      config: {
        mcpServers: {
          acme: {
            serverUrl: "https://<TENANT>.acme.dev/mcp",
            headers: { Authorization: "Bearer <ACME_TOKEN>" },
          },
        },
      },
      secrets: [
        expect.objectContaining({ name: "TENANT", where: "config" }),
        expect.objectContaining({ name: "ACME_TOKEN", where: "config", secret: true }),
      ],
    });
  });

  it("writes a package as command, args and env", () => {
    const pkg: Endpoint = {
      kind: "package",
      index: 0,
      registryType: "pypi",
      identifier: "acme-mcp",
      command: "uvx",
      args: [["acme-mcp==1.4.0"]],
      env: [{ name: "ACME_TOKEN", value: [{ name: "ACME_TOKEN", description: "Token", secret: true }] }],
      withheld: [],
    };
    expect(antigravity(pkg, context)).toMatchObject({
      config: {
        mcpServers: {
          acme: { command: "uvx", args: ["acme-mcp==1.4.0"], env: { ACME_TOKEN: "<ACME_TOKEN>" } },
        },
      },
      secrets: [{ name: "ACME_TOKEN", where: "config" }],
    });
  });

  it("refuses an MCPB bundle with a reason", () => {
    const bundle: Endpoint = {
      kind: "bundle",
      index: 0,
      files: [{ url: "https://x/a.mcpb", sha256: null, platform: null }],
    };
    expect(antigravity.accepts(bundle)).toBe(false);
    expect(antigravity(bundle, context)).toEqual({
      refused: expect.stringMatching(/Antigravity cannot install/),
    });
  });
});
