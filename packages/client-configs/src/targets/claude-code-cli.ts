import { shellWord, type ShellPart } from "../shell.js";
import type { Value } from "../value.js";
import { Secrets, defineTarget, notBundle, bundleRefusal } from "./target.js";

/**
 * One `claude mcp add` command line. Remotes: `--transport http|sse <key> <url>` with each
 * header as `--header "Name: value"` after the URL; packages: `<key>`, then `--env KEY=value`
 * options, then the command after `--`. The key always comes before any `--env` or `--header`:
 * both options are variadic in Claude Code 2.1 and swallow a name that follows them.
 * Placeholders are shell expansions (`${NAME}`), filled from the user's environment when the
 * command runs.
 */
/**
 * The name `claude mcp add` is given: it takes only letters, digits, "-" and "_" ("Invalid
 * name Knapcode.SampleMcpServer"), so other characters of the key become "-".
 */
export function cliName(key: string): string {
  return key.replace(/[^A-Za-z0-9_-]/g, "-");
}

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
          word(cliName(key)),
          word(endpoint.url),
          ...endpoint.headers.flatMap((h) => ["--header", word(`${h.name}: `, h.value)]),
        ]
      : [
          word(cliName(key)),
          ...endpoint.env.flatMap((e) => ["--env", word(`${e.name}=`, e.value)]),
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
