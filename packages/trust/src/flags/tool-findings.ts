import { findingsFor, type ToolRiskFlag } from "@catalog/tool-risk";
import type { Evidence, TrustInput } from "../types.js";

/** Findings shown per flag: enough to review, never the whole list of a hostile server. */
const SHOWN = 10;

/**
 * The evidence of a flag that rests on tool findings: the flagged findings behind `flag` in the
 * server's tools (tool, detector, rule, severity, field, excerpt), or null when there is none.
 */
export function toolFindings({ toolRisk }: TrustInput, flag: ToolRiskFlag): Evidence | null {
  const found = findingsFor(toolRisk, flag);
  if (found.length === 0) return null;
  return { tools: new Set(found.map((f) => f.tool)).size, findings: found.slice(0, SHOWN) };
}
