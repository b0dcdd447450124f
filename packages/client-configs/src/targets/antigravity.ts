import type { Value } from "../value.js";
import {
  bundleRefusal,
  compact,
  defineTarget,
  marker,
  notBundle,
  Secrets,
  stdioServer,
  textMap,
} from "./target.js";

/**
 * Google Antigravity's mcp_config.json (user level, `~/.gemini/antigravity/`; the IDE reads no
 * project file): `mcpServers` with remotes as `serverUrl` (not `url` or `httpUrl`) and optional
 * `headers`, packages as `{command, args, env}` (../shared/reference 13). The reference names no
 * transport field and no variable expansion, so every placeholder keeps its `<NAME>` marker to
 * replace by hand. SSE remotes are written like streamable ones: Antigravity picks the transport.
 */
export const antigravity = defineTarget(notBundle, bundleRefusal("Antigravity"), (endpoint, { key }) => {
  const secrets = new Secrets();
  const edit = (value: Value) => secrets.render(value, "config", marker);
  const server =
    endpoint.kind === "remote"
      ? compact({ serverUrl: edit(endpoint.url), headers: textMap(endpoint.headers, edit) })
      : stdioServer(endpoint, edit);
  return {
    contentType: "application/json",
    config: { mcpServers: { [key]: server } },
    secrets: secrets.list(),
  };
});
