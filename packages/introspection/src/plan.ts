import type { Package } from "@catalog/registry";
import type { Verdict } from "./outcome.js";
import { fillInputs } from "./placeholders.js";

/**
 * Where the sandbox shows what it runs, the same for every package so that no host path is seen
 * inside: the worker's Node, a Python, the installed package (read-only) and a writable scratch.
 */
export const SANDBOX_PATHS = {
  node: "/node",
  /** The Python's prefix; its interpreter is `python`. */
  pythonPrefix: "/python",
  python: "/python/bin/python3",
  pkg: "/pkg",
  scratch: "/scratch",
} as const;

/** The ecosystems introspection installs from. */
export type Ecosystem = "npm" | "pypi" | "mcpb";

type LaunchCommon = {
  /** The package's name (npm, PyPI) or the bundle's URL (MCPB). */
  name: string;
  /** The version the listing names; null when it names none (npm installs the newest). */
  version: string | null;
  /** The arguments after the program, as the listing's packageArguments give them. */
  args: string[];
  /** The environment, and nothing else: the listing's variables with values or placeholders. */
  env: Record<string, string>;
  /** Variables and arguments given placeholders, by name. */
  placeholders: string[];
};

/** How to install and start a package: what the I/O side runs, decided from the listing alone. */
export type LaunchPlan = LaunchCommon &
  ({ ecosystem: "npm" | "pypi" } | { ecosystem: "mcpb"; /** hex, lower case */ sha256: string });

/**
 * The command line inside the sandbox, once the install showed what the package declares (its bin,
 * console script or bundle manifest): argv with sandbox paths, the whole environment, and every
 * placeholder given (the plan's and any the package's own configuration added).
 */
export type Launch = { argv: string[]; env: Record<string, string>; placeholders: string[] };

/** The launch, or why the installed package cannot be started as listed. */
export type Started = { launch: Launch } | { notStarted: Verdict };

export type Planned = { launch: LaunchPlan } | { notHere: Verdict };

/** A package the machines running introspection cannot fetch or start, and why. */
export function notHere(reason: string): Planned {
  return { notHere: { outcome: "not_introspectable_here", reason } };
}

/** An installed package that cannot be started as its listing says. */
export function notStarted(reason: string): { notStarted: Verdict } {
  return { notStarted: { outcome: "start_failed", reason } };
}

/** Only stdio is spoken; a server reachable over HTTP is left to the URL probe. */
export function stdioOnly(pkg: Package): Planned | null {
  const transport = pkg.transport?.type ?? "stdio";
  return transport === "stdio"
    ? null
    : notHere(`The package serves MCP over ${transport}, not stdio; introspection speaks stdio only.`);
}

/**
 * The arguments and environment of a launch: packageArguments in order (a named one as its name
 * then its value), and environmentVariables with a value, a default or a placeholder.
 */
export function launchInputs(pkg: Package): Pick<LaunchPlan, "args" | "env" | "placeholders"> {
  const argInputs = pkg.packageArguments ?? [];
  const envInputs = (pkg.environmentVariables ?? []).filter((input) => input.name);
  const args = fillInputs(argInputs, (input, i) => input.name ?? input.valueHint ?? `argument ${i + 1}`);
  const env = fillInputs(envInputs, (input) => input.name as string);
  return {
    args: argInputs.flatMap((input) => {
      const value = args.values.get(input);
      if (value === undefined) return [];
      return input.type === "named" && input.name ? [input.name, value] : [value];
    }),
    env: Object.fromEntries(
      envInputs.flatMap((input) => {
        const value = env.values.get(input);
        return value === undefined ? [] : [[input.name as string, value]];
      }),
    ),
    placeholders: [...env.placeholders, ...args.placeholders],
  };
}
