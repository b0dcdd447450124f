import type { Placeholder, Value } from "../value.js";
import { compact, Secrets, textMap, defineTarget, notBundle, bundleRefusal, stdioServer } from "./target.js";

const ref = (p: Placeholder) => `\${env:${p.name}}`;

/**
 * Cursor's mcp.json: `mcpServers` with `{url, headers}` (Cursor picks streamable HTTP or SSE
 * itself) or `{command, args, env}`, and `${env:NAME}` placeholders. The deeplink carries the
 * base64 of the inner server object, never the `{name: ...}` wrapper, as Cursor's install links
 * expect.
 */
export const cursor = defineTarget(notBundle, bundleRefusal("Cursor"), (endpoint, { key }) => {
  const secrets = new Secrets();
  const text = (value: Value) => secrets.render(value, "env", ref);
  const server =
    endpoint.kind === "remote"
      ? compact({ url: text(endpoint.url), headers: textMap(endpoint.headers, text) })
      : stdioServer(endpoint, text);
  return {
    contentType: "application/json",
    config: { mcpServers: { [key]: server } },
    secrets: secrets.list(),
    deeplink: cursorDeeplink(key, server),
  };
});

export function cursorDeeplink(name: string, server: Record<string, unknown>): string {
  const config = Buffer.from(JSON.stringify(server), "utf8").toString("base64");
  return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(config)}`;
}
