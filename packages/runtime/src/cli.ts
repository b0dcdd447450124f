import { parseArgs, type ParseArgsConfig } from "node:util";

/** What a command's --help says: how to call it, what it reads and what its exit codes mean. */
export type CommandHelp = {
  /** One line each: the invocation as a user types it (`npm run import -- ...`). */
  usage: string[];
  /** What it does, in a sentence or two. */
  summary: string;
  /** Arguments and options, each with what it takes. */
  options: [string, string][];
  /** The settings (environment variables) it reads. */
  settings: string[];
  exitCodes: [number, string][];
};

export function helpText(help: CommandHelp): string {
  const rows = (pairs: [string | number, string][]) =>
    pairs.map(([k, v]) => `  ${String(k).padEnd(24)} ${v}`).join("\n");
  return [
    `usage: ${help.usage.join("\n       ")}`,
    "",
    help.summary,
    ...(help.options.length ? ["", "options:", rows(help.options)] : []),
    "",
    `settings (environment): ${help.settings.join(", ")}; see the README's configuration table`,
    "",
    "exit codes:",
    rows(help.exitCodes),
  ].join("\n");
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * A command's arguments: `--help` (or `-h`) prints the help on stdout and exits 0 before any
 * work; an unknown option or a missing value prints why and the usage on stderr and exits 2.
 */
export function commandArgs<O extends Options>(help: CommandHelp, options: O, argv = process.argv.slice(2)) {
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { ...options, help: { type: "boolean", short: "h" } },
    });
    if ((parsed.values as { help?: boolean }).help) {
      process.stdout.write(`${helpText(help)}\n`);
      process.exit(0);
    }
    return parsed;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\nusage: ${help.usage.join("\n       ")}\n`);
    process.exit(2);
  }
}

/** Refuses a call that parsed but makes no sense (wrong positionals): the usage on stderr, exit 2. */
export function usageError(help: CommandHelp, why: string): never {
  process.stderr.write(`${why}\nusage: ${help.usage.join("\n       ")}\n`);
  process.exit(2);
}
