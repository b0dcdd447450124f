import type { TrustFlagDefinition, TrustPackageBehind } from "../types.js";

const day = (at: Date | null) => at?.toISOString() ?? null;

/** One package as the evidence shows it: both versions with their publication times. */
const entry = (p: TrustPackageBehind) => ({
  ecosystem: p.ecosystem,
  package: p.package,
  listed: p.listed,
  listed_published_at: day(p.listedPublishedAt),
  newest: p.newest,
  newest_published_at: day(p.newestPublishedAt),
  reason: p.reason,
});

export const listingBehindPackage: TrustFlagDefinition = {
  flag: "listing_behind_package",
  weight: -5,
  meaning:
    "A package the listing installs is behind its registry (npm, PyPI, through deps.dev): the newest version is on a higher major line, or was published more than 90 days after the listed one; who installs the listing as declared gets code its publisher has since replaced.",
  detect: ({ packagesBehind }) => {
    if (packagesBehind.length === 0) return null;
    const sorted = [...packagesBehind].sort(
      (a, b) => a.ecosystem.localeCompare(b.ecosystem) || a.package.localeCompare(b.package),
    );
    return { count: sorted.length, packages: sorted.slice(0, 10).map(entry) };
  },
};
