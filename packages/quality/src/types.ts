import { answeredMcp, type CheckStatusId, type ProbeResult, type QualityCheckId } from "@catalog/contracts";

/** A tool as listed, schemas included: from a probe or the catalog's current tools. */
export type QualityTool = { name: string } & Record<string, unknown>;

/**
 * Everything the quality checks read. An on-demand check fills description, probe and tools;
 * the catalog adds what only it knows (stability from 30 days of scheduled probes, advisories
 * from dependency reports); a missing input makes the checks that need it `na`.
 */
export type QualityInput = {
  /** The server's description: the catalog's, else what the server says about itself. */
  description: string | null;
  /**
   * The probe the checks judge; null when the server has no remote or it was never probed. An
   * on-demand check judges its one probe; the catalog, the probe its remote stands on
   * (`judgedProbe`): the latest, or the last answer while a failure does not count yet.
   */
  probe: ProbeResult | null;
  /**
   * The latest probe when it failed but does not count yet (fewer than UNREACHABLE_AFTER failed
   * scheduled probes in a row): `probe` is then the remote's last answer, or this same failure
   * when it never answered. The checks that rest on the answer say so in their detail.
   */
  latestFailure: ProbeResult | null;
  tools: QualityTool[];
  /** Scheduled probes over the last 30 days; null for on-demand checks. */
  stability: { successful: number; total: number } | null;
  /** Known advisories from the dependency reports; null when there is no report. */
  advisories: { total: number; critical: number } | null;
};

export type CheckOutcome = { status: CheckStatusId; detail: string };

/** One quality check: its id, its weight in the score and a pure function of the input. */
export type QualityCheckDefinition = {
  id: QualityCheckId;
  weight: number;
  /** The outcome rests on what the remote answered: it names the probe it was judged from. */
  restsOnAnswer?: true;
  run: (input: QualityInput) => CheckOutcome;
};

export const pass = (detail: string): CheckOutcome => ({ status: "pass", detail });
export const warn = (detail: string): CheckOutcome => ({ status: "warn", detail });
export const fail = (detail: string): CheckOutcome => ({ status: "fail", detail });
export const na = (detail: string): CheckOutcome => ({ status: "na", detail });

/** Whether the remote answered (MCP itself, or behind OAuth). */
export const reached = (probe: ProbeResult | null): boolean => probe !== null && answeredMcp(probe.outcome);

/** A remote that never answered and whose failure does not count yet: neither up nor down. */
export const unconfirmed = ({ probe, latestFailure }: QualityInput): boolean =>
  latestFailure !== null && !reached(probe);

/** "a, b and 3 more": names in a detail without flooding it. */
export function names(list: string[], max = 3): string {
  const shown = list.slice(0, max).join(", ");
  return list.length > max ? `${shown} and ${list.length - max} more` : shown;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
