import {
  qualityLabel,
  standing,
  UNREACHABLE_AFTER,
  type ProbeHistory,
  type ProbeResult,
  type QualityBlock,
} from "@catalog/contracts";
import { authMetadata } from "./checks/auth-metadata.js";
import { descriptionPresent } from "./checks/description-present.js";
import { https } from "./checks/https.js";
import { latency } from "./checks/latency.js";
import { noKnownAdvisories } from "./checks/no-known-advisories.js";
import { protocolCurrent } from "./checks/protocol-current.js";
import { remoteReachable } from "./checks/remote-reachable.js";
import { stability } from "./checks/stability.js";
import { toolAnnotations } from "./checks/tool-annotations.js";
import { toolDescriptions } from "./checks/tool-descriptions.js";
import { toolInputSchemas } from "./checks/tool-input-schemas.js";
import { toolNames } from "./checks/tool-names.js";
import { toolsListed } from "./checks/tools-listed.js";
import { reached, type CheckOutcome, type QualityCheckDefinition, type QualityInput } from "./types.js";

/** Every check, in the order of DECISIONS.md section 4; weights add up to 100. */
export const QUALITY_CHECKS: readonly QualityCheckDefinition[] = [
  descriptionPresent,
  remoteReachable,
  protocolCurrent,
  toolsListed,
  toolDescriptions,
  toolInputSchemas,
  toolNames,
  toolAnnotations,
  authMetadata,
  https,
  latency,
  stability,
  noKnownAdvisories,
];

/**
 * The quality block: every check, and the weighted share of passes among checks that apply. The
 * score needs evidence about the server itself (a probe, its tools or a dependency report): a
 * listing judged on its description alone is unrated, not "excellent".
 */
export function assessQuality(input: QualityInput, now: Date = new Date()): QualityBlock {
  const note = pendingNote(input);
  const checks = QUALITY_CHECKS.map((c) => ({
    id: c.id,
    weight: c.weight,
    ...noted(c.run(input), c.restsOnAnswer ? note : null),
  }));
  const applicable = checks.filter((c) => c.status !== "na");
  const total = applicable.reduce((sum, c) => sum + c.weight, 0);
  const passed = applicable.filter((c) => c.status === "pass").reduce((sum, c) => sum + c.weight, 0);
  const evidence = applicable.some((c) => c.id !== "description_present");
  const score = evidence ? Math.round((passed / total) * 100) : null;
  return {
    score,
    label: qualityLabel(score),
    checks: checks.map(({ id, status, weight, detail }) => ({ id, status, weight, detail })),
    assessed_at: now.toISOString(),
  };
}

/**
 * The probe and latest failure the checks judge, from the recent probes of the server's remote:
 * one failed probe does not count (see `standing` in @catalog/contracts).
 */
export function judgedProbe(
  history: ProbeHistory<ProbeResult> | null,
): Pick<QualityInput, "probe" | "latestFailure"> {
  if (!history) return { probe: null, latestFailure: null };
  const { state, observed, latest } = standing(history);
  const pending = state === "holding" || state === "unconfirmed";
  return { probe: observed, latestFailure: pending ? latest : null };
}

/** Why the checks that rest on the remote's answer do not judge its latest probe as it is. */
function pendingNote({ probe, latestFailure: failed }: QualityInput): string | null {
  if (!probe || !failed) return null;
  const rule = `a remote counts as unreachable only after ${UNREACHABLE_AFTER} failed scheduled probes in a row`;
  const failure = `the latest probe (${failed.started_at}) failed with ${failed.outcome}`;
  return reached(probe)
    ? `Judged from the last successful probe (${probe.started_at}): ${failure}, and ${rule}.`
    : `Not counted yet: ${failure}, and ${rule}.`;
}

const noted = (outcome: CheckOutcome, note: string | null): CheckOutcome =>
  note ? { ...outcome, detail: `${outcome.detail} ${note}` } : outcome;
