import { finding } from "../rules.js";
import type { Finding, ToolInput } from "../types.js";
import { DESTRUCTIVE, nameWords, OUTBOUND, WRITES } from "../words.js";

type Hints = { readOnlyHint?: unknown; destructiveHint?: unknown; openWorldHint?: unknown };

/**
 * Annotations that contradict the tool's own name (clients skip confirmations on their word):
 * read-only on a tool named for writing, not destructive on one named for deleting, closed-world
 * on one named for sending out. The name's words decide, not its description, whose wording varies.
 */
export function annotationMismatch(tool: ToolInput): Finding[] {
  const hints = (typeof tool.annotations === "object" && tool.annotations ? tool.annotations : {}) as Hints;
  const words = nameWords(tool.name);
  const reading = { field: "annotations", text: JSON.stringify(tool.annotations ?? {}) };
  const at = (key: string) => {
    const start = Math.max(0, reading.text.indexOf(key));
    return [start, start + key.length] as const;
  };
  const found: Finding[] = [];
  const writes = words.find((w) => WRITES.has(w));
  if (hints.readOnlyHint === true && writes) {
    found.push({
      ...finding("annotation_mismatch", "read_only_but_writes", "medium", reading, ...at("readOnlyHint")),
      excerpt: `readOnlyHint: true on "${tool.name}" (${writes})`,
    });
  }
  const destroys = words.find((w) => DESTRUCTIVE.has(w));
  if (hints.destructiveHint === false && destroys) {
    found.push({
      ...finding(
        "annotation_mismatch",
        "not_destructive_but_deletes",
        "medium",
        reading,
        ...at("destructiveHint"),
      ),
      excerpt: `destructiveHint: false on "${tool.name}" (${destroys})`,
    });
  }
  const outbound = words.find((w) => OUTBOUND.has(w));
  if (hints.openWorldHint === false && outbound) {
    found.push({
      ...finding("annotation_mismatch", "closed_world_but_sends", "medium", reading, ...at("openWorldHint")),
      excerpt: `openWorldHint: false on "${tool.name}" (${outbound})`,
    });
  }
  return found;
}
