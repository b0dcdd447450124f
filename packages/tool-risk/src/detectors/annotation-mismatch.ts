import { finding } from "../rules.js";
import type { Finding, ToolInput } from "../types.js";
import { DESTRUCTIVE, nameWords, OUTBOUND, WRITES } from "../words.js";

type Hints = { readOnlyHint?: unknown; destructiveHint?: unknown; openWorldHint?: unknown };

/** Verbs that only read: a name led by one (or, object first, ending in one) reads. */
const READS = new Set(
  "get list search find read fetch show describe view query lookup check count inspect browse retrieve".split(
    " ",
  ),
);
/** Words that join two actions: "get_and_delete_job" deletes too. */
const JOINS = new Set(["and", "or", "then", "plus"]);
/** What a tool observes: stopping a trace or a recording ends an observation and changes nothing. */
const OBSERVATIONS = new Set(
  "trace traces tracing recording recordings profile profiling profiler capture screencast timer".split(" "),
);

/**
 * The name's words that name its action. The write words of a name whose action is a read are
 * its objects (`get_post_details`, `list_commits`, `comment_get`: object first, the verb last),
 * and "stop" before what is observed (`performance_stop_trace`) changes nothing; a name that
 * joins two actions (`get_and_delete_job`) keeps every word.
 */
function actionWords(words: readonly string[]): string[] {
  if (words.some((w) => JOINS.has(w))) return [...words];
  const verb = words.find((w) => READS.has(w) || WRITES.has(w));
  if (READS.has(words.at(-1) ?? "") || (verb !== undefined && READS.has(verb))) return [];
  return words.filter((w, i) => !(w === "stop" && OBSERVATIONS.has(words[i + 1] ?? "")));
}

/**
 * Annotations that contradict the tool's own name (clients skip confirmations on their word):
 * read-only on a tool named for writing, not destructive on one named for deleting, closed-world
 * on one named for sending out. The name's words decide, not its description, whose wording
 * varies: the words of its action (`actionWords`), not its objects.
 */
export function annotationMismatch(tool: ToolInput): Finding[] {
  const hints = (typeof tool.annotations === "object" && tool.annotations ? tool.annotations : {}) as Hints;
  const words = actionWords(nameWords(tool.name));
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
