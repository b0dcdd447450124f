import { isRefusal, type Endpoint } from "../endpoint.js";
import { remoteEndpoint } from "../remote.js";
import { vscode } from "./vscode.js";

const context = { key: "acme", description: "Acme tools" };

describe("vscode target", () => {
  it("uses servers, type http and prompted inputs for secrets", () => {
    const endpoint = remoteEndpoint(
      {
        type: "streamable-http",
        url: "https://{tenant}.acme.dev/mcp",
        variables: { tenant: { description: "Your tenant", isRequired: true } },
        headers: [{ name: "X-Api-Key", isRequired: true, isSecret: true, description: "Acme API key" }],
      },
      0,
      "acme",
    ) as Endpoint;
    expect(vscode(endpoint, context)).toEqual({
      contentType: "application/json",
      config: {
        inputs: [
          { type: "promptString", id: "tenant", description: "Your tenant", password: false },
          { type: "promptString", id: "acme-x-api-key", description: "Acme API key", password: true },
        ],
        servers: {
          acme: {
            type: "http",
            url: "https://${input:tenant}.acme.dev/mcp",
            headers: { "X-Api-Key": "${input:acme-x-api-key}" },
          },
        },
      },
      secrets: [
        { name: "TENANT", where: "prompt", secret: false, description: "Your tenant" },
        { name: "ACME_X_API_KEY", where: "prompt", secret: true, description: "Acme API key" },
      ],
    });
  });

  it("writes packages as type stdio, without inputs when nothing is asked", () => {
    const pkg: Endpoint = {
      kind: "package",
      index: 0,
      registryType: "pypi",
      identifier: "acme-mcp",
      command: "uvx",
      args: [["acme-mcp==1.4.0"]],
      env: [],
      withheld: [],
    };
    const out = vscode(pkg, context);
    expect(out).toMatchObject({
      config: { servers: { acme: { type: "stdio", command: "uvx", args: ["acme-mcp==1.4.0"] } } },
    });
    expect(out).not.toHaveProperty("config.inputs");
  });

  it("refuses a bundle", () => {
    expect(
      isRefusal(
        vscode(
          {
            kind: "bundle",
            index: 0,
            files: [{ url: "https://x.dev/a.mcpb", sha256: null, platform: null }],
          },
          context,
        ),
      ),
    ).toBe(true);
  });
});
