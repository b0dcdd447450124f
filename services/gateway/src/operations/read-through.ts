import type { Outcome } from "../http/outcome.js";
import type { ReadCache } from "../read-cache/read-cache.js";
import type { Answer } from "./handler.js";

/**
 * How a read is kept: its key and the server its body describes (null: it depends on every
 * server, as a list or a search answer does, and goes with any change).
 */
export type KeptRead<T> = { key: string; serverOf: (body: T) => string | null };

/** The keys of the kept reads (an MCP tool reads through the same handler, so under the same key). */
export const readKey = {
  descriptor: (name: string, schemas: boolean) => `descriptor ${name} ${schemas}`,
  tools: (name: string, limit: number, cursor: string | undefined) =>
    `tools ${name} ${limit} ${cursor ?? ""}`,
  connection: (name: string, target: string) => `connection ${name} ${target}`,
  quality: (name: string, days: number) => `quality ${name} ${days}`,
  /** A search's REST body: the request it answers and the detail it is given at. */
  search: (request: unknown, detail: string) => `search-body ${detail} ${JSON.stringify(request)}`,
};

/**
 * A read through this replica's cache: the kept body, or the computed one rendered and kept
 * under its server (failures never are, nor what its service says not to keep; nor is anything
 * while the cache is not listening).
 */
export async function readThrough<T>(
  cache: ReadCache,
  spec: KeptRead<T>,
  compute: () => Promise<Outcome<T>>,
): Promise<Answer<T>> {
  const hit = cache.get(spec.key);
  if (hit) return { ok: true, kept: hit, key: spec.key };
  const ticket = cache.ticket();
  const outcome = await compute();
  if (!outcome.ok) return outcome;
  if (outcome.keep === false) return { ok: true, body: outcome.body };
  const kept = cache.keep(ticket, spec.key, spec.serverOf(outcome.body), JSON.stringify(outcome.body));
  return { ok: true, kept, key: spec.key };
}
