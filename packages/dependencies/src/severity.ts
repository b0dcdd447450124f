import cvss from "ae-cvss-calculator";

// A CommonJS package whose exports Node cannot name statically: taken from its default export.
const { Cvss2, Cvss3P0, Cvss3P1, Cvss4P0 } = cvss;

export const SEVERITIES = ["critical", "high", "medium", "low", "unknown"] as const;
export type Severity = (typeof SEVERITIES)[number];

type OsvSeverity = { type?: string; score?: string };

/** The qualitative rating of a CVSS base score (the scale CVSS 3 and 4 publish). */
export function ratingOf(score: number): Severity {
  if (score >= 9) return "critical";
  if (score >= 7) return "high";
  if (score >= 4) return "medium";
  return score > 0 ? "low" : "unknown";
}

/**
 * An advisory's severity: the reviewed rating of the database when it gives one (GitHub's
 * LOW/MODERATE/HIGH/CRITICAL), else the rating of the highest CVSS vector it carries, else
 * unknown.
 */
export function severityOf(record: { database_specific?: unknown; severity?: OsvSeverity[] }): Severity {
  const stated = (record.database_specific as { severity?: unknown } | undefined)?.severity;
  if (typeof stated === "string") {
    const s = stated.toLowerCase();
    if (s === "moderate") return "medium";
    if ((SEVERITIES as readonly string[]).includes(s)) return s as Severity;
  }
  const scores = (record.severity ?? []).map(cvssScore).filter((s): s is number => s !== null);
  return scores.length ? ratingOf(Math.max(...scores)) : "unknown";
}

function cvssScore({ type, score }: OsvSeverity): number | null {
  if (!score) return null;
  try {
    const vector =
      type === "CVSS_V4"
        ? new Cvss4P0(score)
        : type === "CVSS_V2"
          ? new Cvss2(score)
          : score.startsWith("CVSS:3.0/")
            ? new Cvss3P0(score)
            : type === "CVSS_V3"
              ? new Cvss3P1(score)
              : null;
    const value = vector?.calculateScores().base;
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}
