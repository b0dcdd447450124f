import type { NamedValue } from "../inputs.js";
import { isLiteral, render, solePlaceholder, type Value } from "../value.js";
import type { Secrets } from "./target.js";

/**
 * Environment of a stdio server for clients that forward variables by name (Codex env_vars,
 * Goose env_keys) but expand nothing inside values: fixed values go in `literal`, a value that
 * is entirely user-supplied is forwarded under the variable's own name, and anything mixed keeps
 * a `<NAME>` marker to replace by hand.
 */
export function forwardedEnv(
  env: readonly NamedValue[],
  secrets: Secrets,
  edit: (value: Value) => string,
): { literal: Record<string, string>; forwarded: string[] } {
  const literal: Record<string, string> = {};
  const forwarded: string[] = [];
  for (const e of env) {
    const sole = solePlaceholder(e.value);
    if (isLiteral(e.value)) literal[e.name] = render(e.value, () => "");
    else if (sole) forwarded.push(secrets.use({ ...sole, name: e.name }, "env", (p) => p.name));
    else literal[e.name] = edit(e.value);
  }
  return { literal, forwarded };
}
