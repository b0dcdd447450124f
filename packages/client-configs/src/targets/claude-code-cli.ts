import { shellWord, type ShellPart } from "../shell.js";
import type { Value } from "../value.js";
import { Secrets, defineTarget, notBundle, bundleRefusal } from "./target.js";

/**
 * One `claude mcp add` command line. Remotes: `--transport http|sse <key> <url>` with each
 * header as `--header "Name: value"` after the URL; packages: `--env KEY=value` options before
 * the key and the command after `--`. Placeholders are shell expansions (`${NAME}`), filled from
 * the user's environment when the command runs.
 */
export const claudeCodeCli = defineTarget(notBundle, bundleRefusal("Claude Code"), (endpoint, { key }) => {
  const secrets = new Secrets();
  const word = (...values: (Value | string)[]) =>
    shellWord(
      values.flatMap((v) =>
        typeof v === "string"
          ? [v]
          : v.map((p): ShellPart =>
              typeof p === "string" ? p : { expand: secrets.use(p, "env", (x) => x.name) },
            ),
      ),
    );
  const words =
    endpoint.kind === "remote"
      ? [
          "--transport",
          endpoint.transport === "sse" ? "sse" : "http",
          word(key),
          word(endpoint.url),
          ...endpoint.headers.flatMap((h) => ["--header", word(`${h.name}: `, h.value)]),
        ]
      : [
          ...endpoint.env.flatMap((e) => ["--env", word(`${e.name}=`, e.value)]),
          word(key),
          "--",
          word(endpoint.command),
          ...endpoint.args.map((a) => word(a)),
        ];
  return {
    contentType: "text/plain",
    config: ["claude", "mcp", "add", ...words].join(" "),
    secrets: secrets.list(),
  };
});
