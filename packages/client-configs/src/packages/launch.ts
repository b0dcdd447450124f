import type { Package } from "@catalog/registry";
import { refuse, type Refusal } from "../endpoint.js";
import { argumentGroups, environment, type NamedValue } from "../inputs.js";
import { markerText, solePlaceholder, type Value } from "../value.js";
import { optionText, parseOptions, type Option } from "./options.js";
import { envRisk, SOURCE_OPTION_RISK, type Withheld } from "./withheld.js";

/**
 * How a client starts a package over stdio. `withheld` lists what the publisher asked for that
 * the launch leaves out (packages/withheld.ts).
 */
export type Launch = { command: string; args: Value[]; env: NamedValue[]; withheld: Withheld[] };

export type Launcher = (pkg: Package) => Launch | Refusal;

/**
 * What every launcher requires: the package comes from its ecosystem's public registry (the
 * launch commands below do not take another one).
 */
export function launchRefusal(pkg: Package, publicRegistries: readonly string[]): Refusal | null {
  const base = pkg.registryBaseUrl?.replace(/\/+$/, "");
  if (base && !publicRegistries.includes(base)) {
    return refuse(
      `The ${pkg.registryType} package ${pkg.identifier} comes from the registry ${base}, which the launch command does not use.`,
    );
  }
  return null;
}

/** The version to pin, unless the publisher wrote none or a moving tag. */
export function pinnedVersion(pkg: Package): string | undefined {
  const version = pkg.version?.trim();
  return version && version !== "latest" ? version : undefined;
}

/** An identifier that is a URL or a VCS reference (`git+https://...`) rather than a package name. */
export function isSourceUrl(identifier: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(identifier) || identifier.startsWith("git+");
}

/**
 * The server's environment, without the variables whose publisher-written value would steer the
 * launcher or the runtime; a value the user supplies whole is theirs to choose and stays.
 */
export function launchEnvironment(pkg: Package, withheld: Withheld[]): NamedValue[] {
  return environment(pkg.environmentVariables).filter((e) => {
    const risk = solePlaceholder(e.value) ? null : envRisk(e.name);
    if (risk) withheld.push({ option: `${e.name}=${markerText(e.value)}`, reason: risk });
    return !risk;
  });
}

/**
 * What a runtime (npx, uvx, dnx) reads itself: `own` options the launch line sets already,
 * `known` options of the runtime, and those of them that take a value.
 */
export type RuntimeOptions = {
  own: ReadonlySet<string>;
  known: ReadonlySet<string>;
  takesValue: ReadonlySet<string>;
  /** Known options that choose another package source (registry, index, feed): withheld. */
  source: ReadonlySet<string>;
};

/**
 * Runtime arguments of npx, uvx or dnx. The runtime's own options (`--from x`, `--python 3.12`)
 * go before the package, where it reads them; everything else goes after it, since publishers
 * put the server's subcommand and options there (`firebase-tools` + `mcp`, `haiku-rag` +
 * `serve --mcp`, `--transport http`), and before the package a word would name another package
 * and an option would be refused. Options the launch sets itself and a restated package are
 * dropped; options that change where the package comes from are withheld.
 */
function splitRuntimeArguments(pkg: Package, runtime: RuntimeOptions, withheld: Withheld[]): RuntimeSplit {
  const before: Option[] = [];
  const after: Option[] = [];
  for (const option of parseOptions(argumentGroups(pkg.runtimeArguments), runtime.takesValue)) {
    if (option.name === null) {
      if (!(after.length === 0 && restates(option.value, pkg.identifier))) after.push(option);
    } else if (!runtime.known.has(option.name)) {
      after.push(option);
    } else if (runtime.source.has(option.name)) {
      withheld.push({ option: optionText(option), reason: SOURCE_OPTION_RISK });
    } else if (!runtime.own.has(option.name)) {
      before.push(option);
    }
  }
  return { before, after };
}

/** A word that names the package itself, with a version or extras (`x@1.2`, `x[cli]==1`). */
function restates(word: string | undefined, identifier: string): boolean {
  return (
    word === identifier ||
    (word?.startsWith(identifier) === true && /^[@=[<>~!]/.test(word.slice(identifier.length)))
  );
}

/** The words of options, in order. */
export const wordsOf = (options: readonly Option[]): Value[] => options.flatMap((o) => o.words);

/** The runtime arguments, split around the package by splitRuntimeArguments. */
export type RuntimeSplit = { before: Option[]; after: Option[] };

/**
 * A launcher for a runtime that fetches the package itself (npx, uvx, dnx): it refuses a package
 * from another registry than `publicRegistries`, splits the runtime arguments for `runtime`,
 * and withholds what either those or the environment would steer; `line` writes the command.
 */
export function runtimeLauncher(
  publicRegistries: readonly string[],
  runtime: RuntimeOptions,
  line: (pkg: Package, split: RuntimeSplit) => Pick<Launch, "command" | "args">,
): Launcher {
  return (pkg) => {
    const refusal = launchRefusal(pkg, publicRegistries);
    if (refusal) return refusal;
    const withheld: Withheld[] = [];
    const split = splitRuntimeArguments(pkg, runtime, withheld);
    return { ...line(pkg, split), env: launchEnvironment(pkg, withheld), withheld };
  };
}
