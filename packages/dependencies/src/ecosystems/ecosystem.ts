/** One package ecosystem: how deps.dev and OSV name it, its version order and its MCP SDK. */
export type Ecosystem = {
  /** Our id, as server.json's registryType and dependency_reports.ecosystem have it. */
  id: "npm" | "pypi";
  /** The system segment of deps.dev paths. */
  depsDevSystem: string;
  /** The ecosystem name in OSV queries and records. */
  osvEcosystem: string;
  /** Package names of the official MCP SDK, as they appear in a resolved graph. */
  sdkPackages: readonly string[];
  /** The canonical form of a package name (for comparing names across sources). */
  normalizeName: (name: string) => string;
  valid: (version: string) => boolean;
  /** Negative, zero or positive as a is lower than, equal to or higher than b. */
  compare: (a: string, b: string) => number;
  isPrerelease: (version: string) => boolean;
  /** The version's major line: a change of it is a breaking release (PyPI: epoch and first segment). */
  major: (version: string) => string;
};
