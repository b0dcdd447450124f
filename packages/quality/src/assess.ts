import { qualityLabel, type QualityBlock } from "@catalog/contracts";
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
import type { QualityCheckDefinition, QualityInput } from "./types.js";

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
  const checks = QUALITY_CHECKS.map((c) => ({ id: c.id, weight: c.weight, ...c.run(input) }));
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
