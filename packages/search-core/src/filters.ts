import type { SearchFilters } from "@catalog/contracts";
import type { ServerFacts } from "./types.js";

/** Whether any filter is set (an empty filter admits every server). */
export function hasFilters(filters: SearchFilters): boolean {
  return Object.values(filters).some((v) => v !== undefined);
}

/**
 * Whether a server passes every filter: its class is one of `class`, it has a non-templated
 * remote of `transport`, a probed remote of an `access` class, it is in `category`, its trust is at least `min_trust`, it carries every
 * flag of `flags` and none of `exclude_flags`, and its tool definitions were counted at no more
 * than `max_tokens`.
 */
export function matchesFilters(server: ServerFacts, filters: SearchFilters): boolean {
  if (filters.class && !filters.class.includes(server.connectionClass)) return false;
  if (filters.transport && !server.transports.includes(filters.transport)) return false;
  if (filters.access && !filters.access.some((a) => server.access.includes(a))) return false;
  if (filters.category && !server.categories.includes(filters.category)) return false;
  if (filters.min_trust !== undefined && server.trustScore < filters.min_trust) return false;
  if (filters.flags && !filters.flags.every((f) => server.trustFlags.includes(f))) return false;
  if (filters.exclude_flags?.some((f) => server.trustFlags.includes(f))) return false;
  if (filters.max_tokens !== undefined && (server.toolTokens ?? Infinity) > filters.max_tokens) return false;
  return true;
}
