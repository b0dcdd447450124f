import { flagged, type DetectorId } from "@catalog/tool-risk";
import type { Evidence, TrustInput } from "../types.js";

/** Findings shown per flag: enough to review, never the whole list of a hostile server. */
const SHOWN = 10;

/**
 * The evidence of a flag that rests on tool findings: the flagged findings of `detectors` in the
 * server's tools (tool, detector, rule, severity, field, excerpt), or null when there is none.
 */
export function toolFindings({ toolRisk }: TrustInput, detectors: readonly DetectorId[]): Evidence | null {
  const found = toolRisk.tools.flatMap(({ tool, findings }) =>
    findings
      .filter((f) => flagged(f) && detectors.includes(f.detector))
      .map(({ detector, rule, severity, field, excerpt }) => ({
        tool,
        detector,
        rule,
        severity,
        field,
        excerpt,
      })),
  );
  if (found.length === 0) return null;
  return { tools: new Set(found.map((f) => f.tool)).size, findings: found.slice(0, SHOWN) };
}
