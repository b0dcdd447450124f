import { stringify } from "smol-toml";
import type { RemoteEndpoint } from "../endpoint.js";
import { envName, isLiteral, render, solePlaceholder, type Placeholder, type Value } from "../value.js";
import { forwardedEnv } from "./env-forwarding.js";
import { compact, marker, Secrets, defineTarget, noSse, sseRefusal } from "./target.js";

const nonEmpty = <T extends object>(value: T): T | undefined =>
  Object.keys(value).length > 0 ? value : undefined;

/**
 * Codex's config.toml: a `[mcp_servers.<key>]` table. Streamable HTTP only (Codex has no SSE):
 * `url`, fixed headers in `http_headers`, user-supplied ones read from the environment through
 * `env_http_headers` (or `bearer_token_env_var` for `Authorization: Bearer <token>`). Packages:
 * `command`, `args`, `env` and `env_vars` (forwarded from the user's environment). Codex
 * expands no variables in URLs or arguments, so those keep `<NAME>` markers.
 */
export const codexToml = defineTarget(noSse, sseRefusal("Codex"), (endpoint, { key }) => {
  const secrets = new Secrets();
  const edit = (value: Value) => secrets.render(value, "config", marker);
  let table: Record<string, unknown>;
  if (endpoint.kind === "remote") {
    table = compact({ url: edit(endpoint.url), ...remoteHeaders(endpoint, key, secrets) });
  } else {
    const args = endpoint.args.map(edit);
    const { literal, forwarded } = forwardedEnv(endpoint.env, secrets, edit);
    table = compact({
      command: endpoint.command,
      args,
      env: nonEmpty(literal),
      env_vars: forwarded.length ? forwarded : undefined,
    });
  }
  return {
    contentType: "text/plain",
    config: stringify({ mcp_servers: { [key]: table } }),
    secrets: secrets.list(),
  };
});

/** `Authorization: Bearer <token>`: the token placeholder, for bearer_token_env_var. */
function bearerToken(name: string, value: Value): Placeholder | undefined {
  const [prefix, token, ...rest] = value;
  return name.toLowerCase() === "authorization" &&
    typeof prefix === "string" &&
    /^bearer\s+$/i.test(prefix) &&
    token !== undefined &&
    typeof token !== "string" &&
    rest.length === 0
    ? token
    : undefined;
}

function remoteHeaders(endpoint: RemoteEndpoint, key: string, secrets: Secrets) {
  const fixed: Record<string, string> = {};
  const fromEnv: Record<string, string> = {};
  let bearer: string | undefined;
  const envRef = (p: Placeholder) => secrets.use(p, "env", (x) => x.name);
  for (const { name, value } of endpoint.headers) {
    const token = bearerToken(name, value);
    const sole = solePlaceholder(value);
    if (isLiteral(value)) fixed[name] = render(value, () => "");
    else if (token) bearer = envRef(token);
    else if (sole) fromEnv[name] = envRef(sole);
    else {
      // A value mixing text and placeholders ("App {key}") is read whole from one variable.
      fromEnv[name] = envRef({
        name: `${envName(key)}_${envName(name)}`,
        secret: value.some((p) => typeof p !== "string" && p.secret),
        description: `The whole ${name} header: ${render(value, marker)}`,
      });
    }
  }
  return { bearer_token_env_var: bearer, http_headers: nonEmpty(fixed), env_http_headers: nonEmpty(fromEnv) };
}
