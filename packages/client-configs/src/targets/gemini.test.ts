import type { Endpoint } from "../endpoint.js";
import { remoteEndpoint } from "../remote.js";
import { gemini } from "./gemini.js";

const context = { key: "acme", description: "Acme tools" };

describe("gemini target", () => {
  it("writes url with an explicit type and hand-edited header markers", () => {
    const endpoint = remoteEndpoint(
      {
        type: "streamable-http",
        url: "https://mcp.acme.dev/mcp",
        headers: [{ name: "Authorization", value: "Bearer {acme_token}", isSecret: true }],
      },
      0,
      "acme",
    ) as Endpoint;
    expect(gemini(endpoint, context)).toEqual({
      contentType: "application/json",
      config: {
        mcpServers: {
          acme: {
            url: "https://mcp.acme.dev/mcp",
            type: "http",
            headers: { Authorization: "Bearer <ACME_TOKEN>" },
          },
        },
      },
      secrets: [{ name: "ACME_TOKEN", where: "config", secret: true, description: "Value of {acme_token}" }],
      notes: [
        expect.stringMatching(/stopped serving Google AI Pro and Ultra .* still works with a Gemini API key/),
        expect.stringContaining("target=antigravity"),
      ],
    });
    const sse = remoteEndpoint({ type: "sse", url: "https://mcp.acme.dev/sse" }, 0, "acme") as Endpoint;
    expect(gemini(sse, context)).toMatchObject({
      config: { mcpServers: { acme: { url: "https://mcp.acme.dev/sse", type: "sse" } } },
    });
  });

  it("passes package secrets through env, where Gemini expands variables", () => {
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
    expect(gemini(pkg, context)).toMatchObject({
      config: {
        mcpServers: {
          acme: { command: "uvx", args: ["acme-mcp==1.4.0"], env: { ACME_TOKEN: "${ACME_TOKEN}" } },
        },
      },
      secrets: [{ name: "ACME_TOKEN", where: "env" }],
    });
  });
});
