import { annotationMismatch } from "./detectors/annotation-mismatch.js";
import { crossTool } from "./detectors/cross-tool.js";
import { encodedContent } from "./detectors/encoded-content.js";
import { exfiltration } from "./detectors/exfiltration.js";
import { hiddenInstructions } from "./detectors/hidden-instructions.js";
import { invisibleContent } from "./detectors/invisible-content.js";
import { capabilitiesOf, type Capability } from "./capabilities.js";
import { readings } from "./reveal.js";
import { parameterNames, textsOf } from "./texts.js";
import type { Finding, ToolInput } from "./types.js";

export { nameCollisions } from "./detectors/name-collisions.js";
export { CAPABILITIES, capabilitiesOf, type Capability } from "./capabilities.js";
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
  ];
}

/** Whether a finding is worth a flag: low ones are kept as evidence only. */
export const flagged = (f: Finding): boolean => f.severity !== "low";

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
