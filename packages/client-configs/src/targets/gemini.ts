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
/** Reference 13: the accounts Gemini CLI stopped serving on 2026-06-18, and where they went. */
const GEMINI_NOTES = [
  "Gemini CLI stopped serving Google AI Pro and Ultra accounts and free Gemini Code Assist accounts on 2026-06-18; it still works with a Gemini API key and with Code Assist Standard or Enterprise.",
  "Those accounts moved to Google Antigravity: ask for target=antigravity to get its mcp_config.json.",
];

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
    notes: GEMINI_NOTES,
  };
});
