import type { Placeholder, Value } from "../value.js";
import {
  compact,
  marker,
  Secrets,
  textMap,
  defineTarget,
  notBundle,
  bundleRefusal,
  stdioServer,
} from "./target.js";

const envRef = (p: Placeholder) => `\${${p.name}}`;

/**
 * Gemini CLI's settings.json: `mcpServers` with `url` plus an explicit `type` ("http" or
 * "sse"), or `{command, args, env}`. `env` values read the user's variables as `${NAME}` (Gemini
 * passes no other host variables to the server). Gemini 0.61 expands `$NAME` in every string it
 * loads, but its documentation promises that only for `env`, so URL, header and argument
 * placeholders keep `<NAME>` markers to replace by hand.
 */
export const gemini = defineTarget(notBundle, bundleRefusal("Gemini CLI"), (endpoint, { key }) => {
  const secrets = new Secrets();
  const edit = (value: Value) => secrets.render(value, "config", marker);
  const server =
    endpoint.kind === "remote"
      ? compact({
          url: edit(endpoint.url),
          type: endpoint.transport === "sse" ? "sse" : "http",
          headers: textMap(endpoint.headers, edit),
        })
      : stdioServer(endpoint, edit, (value) => secrets.render(value, "env", envRef));
  return {
    contentType: "application/json",
    config: { mcpServers: { [key]: server } },
    secrets: secrets.list(),
  };
});
