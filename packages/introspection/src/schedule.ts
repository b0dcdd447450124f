import type { IntrospectionOutcome } from "./outcome.js";

const HOUR_MS = 3_600_000;
/** The first retry after a passing failure, doubled after each further one, up to the cap. */
const FIRST_RETRY_MS = 6 * HOUR_MS;
const MAX_RETRY_MS = 30 * 24 * HOUR_MS;

/**
 * Outcomes that may change on another attempt of the same version: the deadline (a loaded node,
 * a slow first start) or the install (the registry or its proxy away). The others are properties
 * of the published version, which a registry never changes.
 */
const PASSING: ReadonlySet<IntrospectionOutcome> = new Set(["timed_out", "install_failed"]);

export function isPassing(outcome: IntrospectionOutcome): boolean {
  return PASSING.has(outcome);
}

/**
 * When a scheduled introspection of the same version runs again: after a passing failure, with a
 * back-off doubling from 6 hours to 30 days over `failures` in a row; never after any other outcome.
 */
export function retryAt(outcome: IntrospectionOutcome, failures: number, at: Date): Date | null {
  if (!isPassing(outcome)) return null;
  const wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(failures - 1, 20)));
  return new Date(at.getTime() + wait);
}
