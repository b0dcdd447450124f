/** A tool of one server as one intent's words score it (keyword search within the server). */
export type IntentTool = { name: string; score: number; coverage: number };
type Tool = { name: string; score: number };

/**
 * A found server's matched tools for the intents of a query: per intent, the server's tools that
 * match its words, best first; the intents whose best tool matches most take their turn first, one tool each in turns, so that a server found for one
 * piece of a task shows the tool for that piece; then the tools fusion found for the server (by
 * meaning, say) that no intent's words reach. At most `max`.
 */
export function toolsByIntent(
  perIntent: readonly (readonly IntentTool[])[],
  fused: readonly Tool[],
  max: number,
): Tool[] {
  const lists = perIntent.filter((tools) => tools.length > 0).sort((a, b) => b[0]!.coverage - a[0]!.coverage);
  const out = new Map<string, Tool>();
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let rank = 0; rank < longest && out.size < max; rank++)
    for (const list of lists) {
      const t = list[rank];
      if (t && !out.has(t.name) && out.size < max) out.set(t.name, { name: t.name, score: t.coverage });
    }
  for (const t of fused) if (!out.has(t.name) && out.size < max) out.set(t.name, t);
  return [...out.values()];
}
