import type { Package } from "@catalog/registry";
import type { Verdict } from "./outcome.js";
import { fillInputs } from "./placeholders.js";

/** How to install and start a package: what the I/O side runs, decided from the listing alone. */
export type LaunchPlan = {
  ecosystem: "npm";
  name: string;
  /** The version the listing names; null when it names none (the newest is installed). */
  version: string | null;
  /** The arguments after the program, as the listing's packageArguments give them. */
  args: string[];
  /** The environment, and nothing else: the listing's variables with values or placeholders. */
  env: Record<string, string>;
  /** Variables and arguments given placeholders, by name. */
  placeholders: string[];
};

export type Planned = { launch: LaunchPlan } | { notHere: Verdict };

/** A package the machines running introspection cannot fetch or start, and why. */
export function notHere(reason: string): Planned {
  return { notHere: { outcome: "not_introspectable_here", reason } };
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
