import type { Package } from "@catalog/registry";
import { refuse, type Refusal } from "../endpoint.js";
import type { NamedValue } from "../inputs.js";
import type { Value } from "../value.js";

/** How a client starts a package over stdio. */
export type Launch = { command: string; args: Value[]; env: NamedValue[] };

export type Launcher = (pkg: Package) => Launch | Refusal;

/**
 * What every launcher requires: the package speaks stdio (one that serves HTTP must be started
 * by hand, which no client config can do) and comes from its ecosystem's public registry (the
 * launch commands below do not take another one).
 */
export function launchRefusal(pkg: Package, publicRegistries: readonly string[]): Refusal | null {
  const transport = pkg.transport?.type ?? "stdio";
  if (transport !== "stdio") {
    const at = pkg.transport?.url ? ` at ${pkg.transport.url}` : "";
    return refuse(
      `The ${pkg.registryType} package ${pkg.identifier} serves MCP over ${transport}${at}: it must be started by hand before a client connects, so no client config can launch it.`,
    );
  }
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
