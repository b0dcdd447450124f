import type { Placeholder, Value } from "../value.js";
import { compact, Secrets, textMap, defineTarget, notBundle, bundleRefusal, stdioServer } from "./target.js";

/** Input ids are kebab-case: SMITHERY_API_KEY is asked for as `smithery-api-key`. */
const inputId = (p: Placeholder) => p.name.toLowerCase().replace(/_/g, "-");
const ref = (p: Placeholder) => `\${input:${inputId(p)}}`;

/**
 * VS Code's mcp.json: `servers` (not mcpServers) with `type` http, sse or stdio, and an
 * `inputs` list of promptString entries that VS Code asks for on first start (secrets as
 * password fields), referenced as `${input:<id>}`.
 */
export const vscode = defineTarget(notBundle, bundleRefusal("VS Code"), (endpoint, { key }) => {
  const secrets = new Secrets();
  const text = (value: Value) => secrets.render(value, "prompt", ref);
  const server =
    endpoint.kind === "remote"
      ? compact({
          type: endpoint.transport === "sse" ? "sse" : "http",
          url: text(endpoint.url),
          headers: textMap(endpoint.headers, text),
        })
      : { type: "stdio", ...stdioServer(endpoint, text) };
  const list = secrets.list();
  const inputs = list.map((s) => ({
    type: "promptString",
    id: inputId(s),
    description: s.description,
    password: s.secret,
  }));
  return {
    contentType: "application/json",
    config: compact({ inputs: inputs.length ? inputs : undefined, servers: { [key]: server } }),
    secrets: list,
  };
});
