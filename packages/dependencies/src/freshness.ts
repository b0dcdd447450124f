import type { Ecosystem } from "./ecosystems/index.js";

/** One published version of a package, as deps.dev's GetPackage lists it. */
export type PublishedVersion = { version: string; publishedAt: Date | null; isDefault: boolean };

/**
 * Why a listing is behind its package: `major`, the newest version is on a higher major line
 * (npm: semver major; PyPI: epoch and first release segment); `stale`, the newest version is
 * higher and was published more than STALE_AFTER_DAYS after the listed one.
 */
export type BehindReason = "major" | "stale";

export type Freshness = {
  listed: string;
  /** Null when the registry does not list the listed version (or gives no date). */
  listedPublishedAt: Date | null;
  newest: string;
  newestPublishedAt: Date | null;
  behind: BehindReason | null;
};

/** A newer release in the same major line counts once it is this much younger than the listed one. */
export const STALE_AFTER_DAYS = 90;
const STALE_AFTER_MS = STALE_AFTER_DAYS * 86_400_000;

/**
 * The newest version: the registry's default (npm's `latest` tag, PyPI's highest release, as
 * deps.dev marks it), else the highest release; pre-releases count only when nothing else exists.
 */
export function newestVersion(ecosystem: Ecosystem, versions: PublishedVersion[]): PublishedVersion | null {
  const flagged = versions.find((v) => v.isDefault);
  if (flagged) return flagged;
  const valid = versions.filter((v) => ecosystem.valid(v.version));
  const releases = valid.filter((v) => !ecosystem.isPrerelease(v.version));
  const pool = releases.length ? releases : valid;
  return pool.reduce<PublishedVersion | null>(
    (best, v) => (best === null || ecosystem.compare(v.version, best.version) > 0 ? v : best),
    null,
  );
}

/**
 * The listed version beside the package's newest, and whether the listing is behind. Pure: it
 * compares publication dates, never the clock, so the same versions always give the same answer.
 * Null when the package has no version at all. Versions the ecosystem cannot order (not semver,
 * not PEP 440) are never called behind.
 */
export function freshnessOf(
  ecosystem: Ecosystem,
  listed: string,
  versions: PublishedVersion[],
): Freshness | null {
  const newest = newestVersion(ecosystem, versions);
  if (!newest) return null;
  const mine = versions.find((v) => v.version === listed);
  const listedPublishedAt = mine?.publishedAt ?? null;
  return {
    listed,
    listedPublishedAt,
    newest: newest.version,
    newestPublishedAt: newest.publishedAt,
    behind: behindReason(ecosystem, listed, listedPublishedAt, newest),
  };
}

function behindReason(
  ecosystem: Ecosystem,
  listed: string,
  listedAt: Date | null,
  newest: PublishedVersion,
): BehindReason | null {
  if (!ecosystem.valid(listed) || !ecosystem.valid(newest.version)) return null;
  if (ecosystem.compare(newest.version, listed) <= 0) return null;
  if (ecosystem.major(newest.version) !== ecosystem.major(listed)) return "major";
  const gap = listedAt && newest.publishedAt ? newest.publishedAt.getTime() - listedAt.getTime() : 0;
  return gap > STALE_AFTER_MS ? "stale" : null;
}
