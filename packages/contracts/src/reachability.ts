/**
 * Whether a probe outcome means the remote answered MCP, itself or with an OAuth challenge. Only
 * such a probe says what authorization the server requires: after a DNS failure, a timeout, a
 * refused connection or a non-MCP answer its `auth` block is empty, which means "not known",
 * never "no authorization".
 */
export const answeredMcp = (outcome: string): boolean => outcome === "ok" || outcome === "auth_required";

/**
 * The words for what only an MCP answer shows (authorization, tools) when the probe got none,
 * alike on every surface that shows it.
 */
export const unknownNoAnswer = (outcome: string): string =>
  `Not known: the remote did not answer: ${outcome}.`;

/** Failed scheduled probes in a row after which a remote counts as unreachable. */
export const UNREACHABLE_AFTER = 2;

/** The recent probes of one remote, as the catalog reads them from its probes table. */
export type ProbeHistory<P> = {
  /** The newest probe, scheduled or on demand. */
  latest: P;
  /** When the latest probe failed: the newest one before it that answered MCP, if any. */
  lastAnswer: P | null;
  /** Scheduled probes that failed since the last answer (all of them when none answered). */
  failures: number;
};

/**
 * What a remote's recent probes establish:
 * - `answered`: the latest probe answered;
 * - `holding`: the latest failed, but fewer than UNREACHABLE_AFTER scheduled probes in a row did,
 *   so the remote is judged from its last answer;
 * - `unconfirmed`: likewise, but the remote never answered: neither reachable nor unreachable yet;
 * - `unreachable`: UNREACHABLE_AFTER or more scheduled probes in a row failed.
 */
export type StandingState = "answered" | "holding" | "unconfirmed" | "unreachable";

/** A remote's standing, the probe it is judged from (`observed`) and the latest probe. */
export type Standing<P> = { state: StandingState; observed: P; latest: P };

/**
 * The standing of a remote. One failed probe is not evidence that a remote is down (a DNS blip,
 * a restart, a deploy): judged on it alone, a healthy server lost 25 trust points and its
 * quality label until the next day's probe. On-demand checks do not add to `failures`: anyone
 * can ask for one at any moment, so two of them a minute apart say no more than one.
 */
export function standing<P extends { outcome: string }>(history: ProbeHistory<P>): Standing<P> {
  const { latest, lastAnswer, failures } = history;
  if (answeredMcp(latest.outcome)) return { state: "answered", observed: latest, latest };
  if (failures >= UNREACHABLE_AFTER) return { state: "unreachable", observed: latest, latest };
  if (lastAnswer) return { state: "holding", observed: lastAnswer, latest };
  return { state: "unconfirmed", observed: latest, latest };
}
