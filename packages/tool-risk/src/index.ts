import { annotationMismatch } from "./detectors/annotation-mismatch.js";
import { crossTool } from "./detectors/cross-tool.js";
import { encodedContent } from "./detectors/encoded-content.js";
import { exfiltration } from "./detectors/exfiltration.js";
import { hiddenInstructions } from "./detectors/hidden-instructions.js";
import { invisibleContent } from "./detectors/invisible-content.js";
import { capabilitiesOf, type Capability } from "./capabilities.js";
import { learned } from "./learned/classifier.js";
import { MODEL } from "./learned/model.js";
import { readings } from "./reveal.js";
import { parameterNames, textsOf } from "./texts.js";
import type { DetectorId, Finding, ToolInput } from "./types.js";

export { nameCollisions } from "./detectors/name-collisions.js";
export { CAPABILITIES, capabilitiesOf, type Capability } from "./capabilities.js";
export { TASK_CAPABILITIES, taskCapabilitiesOf, type TaskCapability } from "./task-capabilities.js";
export {
  learned,
  supportFor,
  score as learnedScore,
  weightsOf,
  type LearnedModel,
  type Weights,
} from "./learned/classifier.js";
export { FEATURES, featureStrings, fnv1a, toolFeatures, vectorize, type Sparse } from "./learned/features.js";
export { MODEL } from "./learned/model.js";
export { readings } from "./reveal.js";
export { textsOf } from "./texts.js";
export { DETECTORS, type DetectorId, type Finding, type Severity, type ToolInput } from "./types.js";

/**
 * Every finding of every detector on one tool's definition; linear in its size (MAX_TEXT per
 * field). `siblings` are the other tools of its server: naming them is orchestration, naming
 * any other tool is not.
 */
export function assessTool(tool: ToolInput, siblings: readonly string[] = []): Finding[] {
  const texts = textsOf(tool);
  const read = readings(texts);
  const known = new Set([tool.name, ...siblings, ...parameterNames(tool)]);
  const content = [...hiddenInstructions(read), ...crossTool(read, known), ...exfiltration(read)];
  return [
    ...content,
    ...invisibleContent(texts),
    ...encodedContent(read, content),
    ...annotationMismatch(tool),
    ...learned(read, MODEL, content),
  ];
}

/** Whether a finding is worth a flag: low ones are kept as evidence only. */
export const flagged = (f: Finding): boolean => f.severity !== "low";

/**
 * The trust flags that tool findings raise, and the detectors behind each. A finding that is a
 * second opinion (`secondOpinion`) joins a flag's evidence only beside another flagged finding
 * on the same tool: it never raises the flag on its own.
 */
export const FLAG_DETECTORS = {
  tool_poisoning: ["hidden_instructions", "exfiltration", "cross_tool", "learned"],
  hidden_content: ["invisible_content", "encoded_content"],
  annotation_mismatch: ["annotation_mismatch"],
} as const satisfies Record<string, readonly DetectorId[]>;
export type ToolRiskFlag = keyof typeof FLAG_DETECTORS;

/**
 * Whether a finding is a second opinion: the learned classifier's score alone (`classifier`, at
 * or above its threshold). It is shown with a flag the rules raised on the same tool and raises
 * none alone: honest text that speaks to the model (a warning about untrusted results, a long
 * guide to the server's own tools) scores high on words alone. The classifier's evidence score
 * with a rule's own evidence (`corroborated`) rests on the rule too, and may flag. The
 * classifier never gives a `high` finding.
 */
export const secondOpinion = (f: Pick<Finding, "detector" | "rule">): boolean =>
  f.detector === "learned" && f.rule === "classifier";

/** A flagged finding with the tool it is in: what a flag's evidence and a check's report show. */
export type ToolFinding = Pick<Finding, "detector" | "rule" | "severity" | "field" | "excerpt"> & {
  tool: string;
};

/**
 * The flagged findings of a server's tools by the detectors behind `flag`; a tool whose only
 * such findings are second opinions (`secondOpinion`) has none.
 */
export function findingsFor(risk: ServerRisk, flag: ToolRiskFlag): ToolFinding[] {
  const detectors: readonly DetectorId[] = FLAG_DETECTORS[flag];
  return risk.tools.flatMap(({ tool, findings }) => {
    const hits = findings.filter((f) => flagged(f) && detectors.includes(f.detector));
    if (hits.every(secondOpinion)) return [];
    return hits.map(({ detector, rule, severity, field, excerpt }) => ({
      tool,
      detector,
      rule,
      severity,
      field,
      excerpt,
    }));
  });
}

export type ToolRisk = { tool: string; findings: Finding[]; capabilities: Capability[] };

/** The server's tools together can read private data, take in untrusted content and send data out. */
export type Trifecta = Record<Exclude<Capability, "destructive">, string[]>;

export type ServerRisk = { tools: ToolRisk[]; trifecta: Trifecta | null };

/** Every tool of a server, each beside its siblings, and what they can do together. */
export function assessServer(tools: readonly ToolInput[]): ServerRisk {
  const names = tools.map((t) => t.name);
  const risks = tools.map((tool) => ({
    tool: tool.name,
    findings: assessTool(tool, names),
    capabilities: capabilitiesOf(tool),
  }));
  const having = (c: Capability) => risks.filter((r) => r.capabilities.includes(c)).map((r) => r.tool);
  const trifecta = {
    private_data: having("private_data"),
    untrusted_content: having("untrusted_content"),
    external_send: having("external_send"),
  };
  const complete = Object.values(trifecta).every((list) => list.length > 0);
  return { tools: risks, trifecta: complete ? trifecta : null };
}

/** Most findings a report lists. */
const REPORTED = 50;

/** What a tool list would raise, for an on-demand check's report: the flags and their findings. */
export function toolRiskReport(tools: readonly ToolInput[]): {
  flags: (ToolRiskFlag | "lethal_trifecta")[];
  findings: ToolFinding[];
  trifecta: Trifecta | null;
} {
  const risk = assessServer(tools);
  const byFlag = (Object.keys(FLAG_DETECTORS) as ToolRiskFlag[]).map(
    (flag) => [flag, findingsFor(risk, flag)] as const,
  );
  return {
    flags: [
      ...byFlag.filter(([, f]) => f.length > 0).map(([flag]) => flag),
      ...(risk.trifecta ? ["lethal_trifecta" as const] : []),
    ],
    findings: byFlag.flatMap(([, f]) => f).slice(0, REPORTED),
    trifecta: risk.trifecta,
  };
}
