import type { Placeholder, Value } from "../value.js";
import type { Endpoint } from "../endpoint.js";
import { compact, defineTarget, Secrets, textMap } from "./target.js";

const ref = (p: Placeholder) => `\${${p.name}}`;

/**
 * The generic `mcpServers` block (Claude Code's .mcp.json, Claude Desktop's config): remotes as
 * `{type: "http" | "sse", url, headers}`, packages as `{command, args, env}`, and `${NAME}`
 * placeholders that the client expands from the environment. An MCPB bundle has no config
 * entry: the answer names the file to open in Claude Desktop.
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
            bundle: { url: endpoint.url, file_sha256: endpoint.sha256, open_with: "Claude Desktop" },
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
        server = compact({
          command: endpoint.command,
          args: endpoint.args.map(text),
          env: textMap(endpoint.env, text),
        });
    }
    return {
      contentType: "application/json",
      config: { mcpServers: { [key]: server } },
      secrets: secrets.list(),
    };
  },
);
