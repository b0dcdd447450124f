import type { Placeholder, Value } from "../value.js";
import type { Endpoint } from "../endpoint.js";
import { compact, defineTarget, Secrets, stdioServer, textMap } from "./target.js";

const ref = (p: Placeholder) => `\${${p.name}}`;

/**
 * The generic `mcpServers` block (Claude Code's .mcp.json, Claude Desktop's config): remotes as
 * `{type: "http" | "sse", url, headers}`, packages as `{command, args, env}`, and `${NAME}`
 * placeholders that the client expands from the environment. An MCPB bundle has no config
 * entry: the answer names the files to open in Claude Desktop, one per platform the publisher
 * built, each with the platform its name tells (null when it tells none).
 */
export const mcpServers = defineTarget(
  (_endpoint): _endpoint is Endpoint => true,
  () => "every endpoint has an mcpServers form",
  (endpoint, { key }) => {
    const secrets = new Secrets();
    const text = (value: Value) => secrets.render(value, "env", ref);
    let server: Record<string, unknown>;
    switch (endpoint.kind) {
      case "bundle":
        return {
          contentType: "application/json",
          config: {
            bundle: {
              open_with: "Claude Desktop",
              files: endpoint.files.map((f) => ({ platform: f.platform, url: f.url, file_sha256: f.sha256 })),
            },
          },
          secrets: [],
        };
      case "remote":
        server = compact({
          type: endpoint.transport === "sse" ? "sse" : "http",
          url: text(endpoint.url),
          headers: textMap(endpoint.headers, text),
        });
        break;
      case "package":
        server = stdioServer(endpoint, text);
    }
    return {
      contentType: "application/json",
      config: { mcpServers: { [key]: server } },
      secrets: secrets.list(),
    };
  },
);
