import type { TrustFlagDefinition } from "../types.js";

export const knownAdvisories: TrustFlagDefinition = {
  flag: "known_advisories",
  weight: -10,
  meaning: "An OSV advisory affects a package in a dependency graph of the server's packages.",
  detect: ({ advisories }) => {
    if (advisories.length === 0) return null;
    const ids = [...new Set(advisories.map((a) => a.id))].sort();
    return { count: ids.length, ids: ids.slice(0, 10) };
  },
};
