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
  kind: "added" | "removed" | "changed" | "renamed";
  /** For a rename: the name the tool had before. */
  renamedFrom?: string;
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

/** What changed from one observation of a server's tools to the next, by tool name, renames found. */
export function diffTools(before: readonly ToolDefinition[], after: readonly ToolDefinition[]): ToolChange[] {
  const old = new Map(before.map((t) => [t.name, t]));
  const now = new Map(after.map((t) => [t.name, t]));
  const changes: ToolChange[] = [];
  const added: ToolDefinition[] = [];
  for (const [name, tool] of now) {
    const prev = old.get(name);
    if (!prev) added.push(tool);
    else {
      const change = changeOf(prev, tool);
      if (change) changes.push(change);
    }
  }
  const removed = [...old.values()].filter((t) => !now.has(t.name));
  const renames = pairRenames(removed, added);
  for (const [from, to] of renames) {
    changes.push({
      ...(changeOf(from, to) ?? unchanged(from, to)),
      tool: to.name,
      kind: "renamed",
      renamedFrom: from.name,
    });
  }
  const renamed = new Set([...renames].flatMap(([from, to]) => [from, to]));
  for (const tool of added.filter((t) => !renamed.has(t))) {
    changes.push({
      tool: tool.name,
      kind: "added",
      fields: [],
      hashBefore: null,
      hashAfter: definitionHash(tool),
    });
  }
  for (const tool of removed.filter((t) => !renamed.has(t))) {
    changes.push({
      tool: tool.name,
      kind: "removed",
      fields: [],
      hashBefore: definitionHash(tool),
      hashAfter: null,
    });
  }
  return changes.sort((a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
}

/** How `after` differs from `before` in the fields a definition is made of; null when in none. */
function changeOf(before: ToolDefinition, after: ToolDefinition): ToolChange | null {
  const fields = FIELDS.filter((f) => canonicalHash(before[f] ?? null) !== canonicalHash(after[f] ?? null));
  if (fields.length === 0) return null;
  const change: ToolChange = {
    tool: after.name,
    kind: "changed",
    fields: fields.map((f) => FIELD_NAMES[f]),
    hashBefore: definitionHash(before),
    hashAfter: definitionHash(after),
  };
  if (fields.includes("description")) {
    change.descriptionBefore = before.description;
    change.descriptionAfter = after.description;
    change.descriptionSimilarity = wordSimilarity(before.description, after.description);
  }
  return change;
}

const unchanged = (before: ToolDefinition, after: ToolDefinition): ToolChange => ({
  tool: after.name,
  kind: "changed",
  fields: [],
  hashBefore: definitionHash(before),
  hashAfter: definitionHash(after),
});

/** A rename keeps the input schema and most of the description's words, or nearly all of them. */
export const RENAME_SIMILARITY = { sameSchema: 0.5, otherSchema: 0.9 } as const;
/** Pairs compared at most: past it, only exact matches of schema and description count. */
const MAX_PAIRS = 40_000;

/**
 * Removed tools matched to added ones with a near-identical definition: a tool re-added under a
 * new name (to slip past a client's per-name approval) is a rename, not a new tool. Best pairs
 * first, each tool in one pair at most.
 */
function pairRenames(
  removed: readonly ToolDefinition[],
  added: readonly ToolDefinition[],
): Map<ToolDefinition, ToolDefinition> {
  const candidates: { from: ToolDefinition; to: ToolDefinition; score: number }[] = [];
  const exactOnly = removed.length * added.length > MAX_PAIRS;
  for (const from of removed) {
    for (const to of added) {
      const sameSchema = canonicalHash(from.inputSchema ?? null) === canonicalHash(to.inputSchema ?? null);
      if (exactOnly && !(sameSchema && from.description === to.description)) continue;
      const similarity = wordSimilarity(from.description, to.description);
      const threshold = sameSchema ? RENAME_SIMILARITY.sameSchema : RENAME_SIMILARITY.otherSchema;
      if (similarity >= threshold) candidates.push({ from, to, score: similarity + (sameSchema ? 1 : 0) });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  const pairs = new Map<ToolDefinition, ToolDefinition>();
  const taken = new Set<ToolDefinition>();
  for (const { from, to } of candidates) {
    if (pairs.has(from) || taken.has(to)) continue;
    pairs.set(from, to);
    taken.add(to);
  }
  return pairs;
}
