import type { Endpoint } from "../endpoint.js";
import { remoteEndpoint } from "../remote.js";
import { mcpServers } from "./mcp-servers.js";

const context = { key: "acme", description: "Acme tools" };

describe("mcpServers target", () => {
  it("writes a remote as type http with ${NAME} header placeholders read from the environment", () => {
    const endpoint = remoteEndpoint(
      {
        type: "streamable-http",
        url: "https://mcp.acme.dev/mcp",
        headers: [
          { name: "Authorization", value: "Bearer {acme_token}", isSecret: true },
          { name: "X-Org", value: "org_1" },
        ],
      },
      0,
      "acme",
    ) as Endpoint;
    expect(mcpServers(endpoint, context)).toEqual({
      contentType: "application/json",
      config: {
        mcpServers: {
          acme: {
            type: "http",
            url: "https://mcp.acme.dev/mcp",
            headers: { Authorization: "Bearer ${ACME_TOKEN}", "X-Org": "org_1" },
          },
        },
      },
      secrets: [{ name: "ACME_TOKEN", where: "env", secret: true, description: "Value of {acme_token}" }],
    });
  });

  it("writes an SSE remote as type sse and a package as command, args and env", () => {
    const sse = remoteEndpoint({ type: "sse", url: "https://mcp.acme.dev/sse" }, 1, "acme") as Endpoint;
    expect(mcpServers(sse, context)).toMatchObject({
      config: { mcpServers: { acme: { type: "sse", url: "https://mcp.acme.dev/sse" } } },
    });
    const pkg: Endpoint = {
      kind: "package",
      index: 0,
      registryType: "npm",
      identifier: "@acme/mcp",
      command: "npx",
      args: [["-y"], ["@acme/mcp@1.4.0"]],
      env: [{ name: "ACME_TOKEN", value: [{ name: "ACME_TOKEN", description: "Token", secret: true }] }],
      withheld: [],
    };
    expect(mcpServers(pkg, context)).toMatchObject({
      config: {
        mcpServers: {
          acme: { command: "npx", args: ["-y", "@acme/mcp@1.4.0"], env: { ACME_TOKEN: "${ACME_TOKEN}" } },
        },
      },
    });
  });

  it("names the bundle files, one per platform, to open in Claude Desktop", () => {
    expect(
      mcpServers(
        {
          kind: "bundle",
          index: 0,
          files: [
            { url: "https://x.dev/a-darwin-arm64.mcpb", sha256: "ab", platform: "macos-arm64" },
            { url: "https://x.dev/a-linux-amd64.mcpb", sha256: "cd", platform: "linux-x64" },
          ],
        },
        context,
      ),
    ).toEqual({
      contentType: "application/json",
      config: {
        bundle: {
          open_with: "Claude Desktop",
          files: [
            { platform: "macos-arm64", url: "https://x.dev/a-darwin-arm64.mcpb", file_sha256: "ab" },
            { platform: "linux-x64", url: "https://x.dev/a-linux-amd64.mcpb", file_sha256: "cd" },
          ],
        },
      },
      secrets: [],
    });
  });
});
