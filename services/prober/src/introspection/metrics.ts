import type { Metrics } from "@catalog/observability";
import { cacheBytes } from "./package-cache.js";

export type IntrospectionMetrics = Pick<
  Metrics,
  "introspectionOutcomes" | "introspectionDuration" | "introspectionCacheBytes"
>;

/** Counts a finished introspection (a check's or the schedule's) and reads the cache's size after it. */
export function countIntrospection(
  metrics: IntrospectionMetrics | undefined,
  cacheDir: string,
  kind: "check" | "scheduled",
  outcome: string,
  seconds: number,
): void {
  if (!metrics) return;
  metrics.introspectionOutcomes.inc({ outcome, kind });
  metrics.introspectionDuration.observe({ kind }, seconds);
  void cacheBytes(cacheDir).then(
    (bytes) => metrics.introspectionCacheBytes.set(bytes),
    () => undefined, // no cache yet: nothing installed
  );
}
