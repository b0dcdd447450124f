import { stringify } from "yaml";
import type { Value } from "../value.js";
import { forwardedEnv } from "./env-forwarding.js";
import { marker, Secrets, textMap, defineTarget, noSse, sseRefusal } from "./target.js";

/** Goose's default extension timeout, in seconds. */
const TIMEOUT = 300;

/**
 * Goose's config.yaml: an `extensions` map entry of type `streamable_http` (`uri`, `headers`)
 * or `stdio` (`cmd`, `args`). Goose has no SSE. Fixed environment values go in `envs`, values
 * the user supplies in `env_keys` (resolved from Goose's secret store or the environment);
 * URL, header and argument placeholders keep `<NAME>` markers.
 */
export const goose = defineTarget(noSse, sseRefusal("Goose"), (endpoint, { key, description }) => {
  const secrets = new Secrets();
  const edit = (value: Value) => secrets.render(value, "config", marker);
  let extension: Record<string, unknown>;
  if (endpoint.kind === "remote") {
    extension = {
      enabled: true,
      type: "streamable_http",
      name: key,
      description,
      uri: edit(endpoint.url),
      headers: textMap(endpoint.headers, edit) ?? {},
      envs: {},
      env_keys: [],
      timeout: TIMEOUT,
    };
  } else {
    const args = endpoint.args.map(edit);
    const { literal, forwarded } = forwardedEnv(endpoint.env, secrets, edit);
    extension = {
      enabled: true,
      type: "stdio",
      name: key,
      description,
      cmd: endpoint.command,
      args,
      envs: literal,
      env_keys: forwarded,
      timeout: TIMEOUT,
    };
  }
  return {
    contentType: "text/plain",
    config: stringify({ extensions: { [key]: extension } }),
    secrets: secrets.list(),
  };
});
