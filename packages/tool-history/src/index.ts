import { canonicalHash } from "@catalog/registry";

/** A tool as a server lists it, reduced to what its definition is made of. */
export type ToolDefinition = {
  name: string;
  title?: string | undefined;
  description: string;
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
};

export type ToolChange = {
  tool: string;
  kind: "added" | "removed" | "changed";
  fields: string[];
  descriptionBefore?: string;
  descriptionAfter?: string;
  descriptionSimilarity?: number;
  hashBefore: string | null;
  hashAfter: string | null;
};

/** The parts of a definition that its hash covers, and so the only ones a change can name. */
const FIELDS = ["description", "inputSchema", "outputSchema", "annotations"] as const;
const FIELD_NAMES: Record<(typeof FIELDS)[number], string> = {
  description: "description",
  inputSchema: "input_schema",
  outputSchema: "output_schema",
  annotations: "annotations",
};

/** SHA-256 of the canonical JSON of name, description, input and output schemas and annotations. */
export function definitionHash(tool: ToolDefinition): string {
  return canonicalHash({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema ?? null,
    output_schema: tool.outputSchema ?? null,
    annotations: tool.annotations ?? null,
  });
}

/** Hash of a whole list: equal lists are recognised without a diff. */
export function listHash(tools: readonly ToolDefinition[]): string {
  return canonicalHash(tools.map(definitionHash).sort());
}

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []);
}

/** Share of words in common (Jaccard over the two word sets); 1 for two empty texts. */
export function wordSimilarity(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  if (x.size === 0 && y.size === 0) return 1;
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  return Math.round((common / (x.size + y.size - common)) * 1000) / 1000;
}

/** What changed from one observation of a server's tools to the next, by tool name. */
export function diffTools(before: readonly ToolDefinition[], after: readonly ToolDefinition[]): ToolChange[] {
  const old = new Map(before.map((t) => [t.name, t]));
  const now = new Map(after.map((t) => [t.name, t]));
  const changes: ToolChange[] = [];
  for (const [name, tool] of now) {
    const prev = old.get(name);
    if (!prev) {
      changes.push({
        tool: name,
        kind: "added",
        fields: [],
        hashBefore: null,
        hashAfter: definitionHash(tool),
      });
      continue;
    }
    const fields = FIELDS.filter((f) => canonicalHash(prev[f] ?? null) !== canonicalHash(tool[f] ?? null));
    if (fields.length === 0) continue;
    const change: ToolChange = {
      tool: name,
      kind: "changed",
      fields: fields.map((f) => FIELD_NAMES[f]),
      hashBefore: definitionHash(prev),
      hashAfter: definitionHash(tool),
    };
    if (fields.includes("description")) {
      change.descriptionBefore = prev.description;
      change.descriptionAfter = tool.description;
      change.descriptionSimilarity = wordSimilarity(prev.description, tool.description);
    }
    changes.push(change);
  }
  for (const [name, prev] of old) {
    if (!now.has(name))
      changes.push({
        tool: name,
        kind: "removed",
        fields: [],
        hashBefore: definitionHash(prev),
        hashAfter: null,
      });
  }
  return changes.sort((a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
}
