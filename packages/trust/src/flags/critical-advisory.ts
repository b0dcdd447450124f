import type { TrustFlagDefinition } from "../types.js";

export const criticalAdvisory: TrustFlagDefinition = {
  flag: "critical_advisory",
  weight: -20,
  meaning: "One of those advisories is rated critical (on top of known_advisories).",
  detect: ({ advisories }) => {
    const critical = advisories.filter((a) => a.severity === "critical");
    if (critical.length === 0) return null;
    return {
      advisories: critical.slice(0, 10).map((a) => ({ id: a.id, package: a.package, version: a.version })),
    };
  },
};
