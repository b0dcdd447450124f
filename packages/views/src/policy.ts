import {
  ADVISORY_SEVERITIES,
  type AdvisorySeverity,
  type ConnectionClassId,
  type ViewRules,
  DAY_MS,
} from "@catalog/contracts";

/** What a view's rules look at of a server. */
export type ViewFacts = {
  name: string;
  trustScore: number;
  trustFlags: readonly string[];
  connectionClass: ConnectionClassId;
  ownerVerified: boolean;
  /** The end of the newest successful probe of one of its remotes. */
  lastReachableAt: Date | null;
  /** The most severe advisory known for its packages' dependencies (null: none known). */
  worstAdvisory: AdvisorySeverity | null;
  toolTokens: number | null;
};

/** Whether `pattern` (a name, or `<namespace>/*`) names the server. */
export function namesServer(pattern: string, name: string): boolean {
  return pattern.endsWith("/*") ? name.startsWith(pattern.slice(0, -1)) : pattern === name;
}

/** The versions a view pins, by server (servers pinned by name alone are not here). */
export function pinnedVersions(rules: ViewRules): Map<string, string> {
  return new Map(
    (rules.pinned ?? []).flatMap((p) => (typeof p === "string" ? [] : [[p.name, p.version] as const])),
  );
}

/**
 * Whether a server is in a view at `now`: pinned, or named by no deny pattern, by an allow
 * pattern when the view has some, and meeting every rule given.
 */
export function admits(rules: ViewRules, server: ViewFacts, now: Date): boolean {
  if (rules.pinned?.some((p) => (typeof p === "string" ? p : p.name) === server.name)) return true;
  if (rules.deny_names?.some((p) => namesServer(p, server.name))) return false;
  if (rules.allow_names && !rules.allow_names.some((p) => namesServer(p, server.name))) return false;
  if (rules.min_trust !== undefined && server.trustScore < rules.min_trust) return false;
  if (rules.require_flags && !rules.require_flags.every((f) => server.trustFlags.includes(f))) return false;
  if (rules.exclude_flags?.some((f) => server.trustFlags.includes(f))) return false;
  if (rules.classes && !rules.classes.includes(server.connectionClass)) return false;
  if (rules.owner_verified && !server.ownerVerified) return false;
  if (rules.max_tokens !== undefined && (server.toolTokens ?? Infinity) > rules.max_tokens) return false;
  if (rules.reachable_within_days !== undefined) {
    const since = now.getTime() - rules.reachable_within_days * DAY_MS;
    if (!server.lastReachableAt || server.lastReachableAt.getTime() < since) return false;
  }
  if (rules.no_advisory_at_or_above && server.worstAdvisory) {
    const rank = (s: AdvisorySeverity) => ADVISORY_SEVERITIES.indexOf(s);
    if (rank(server.worstAdvisory) >= rank(rules.no_advisory_at_or_above)) return false;
  }
  return true;
}

/**
 * The view's `exclude_flags` that keep a server out of it (none for a server the view admits,
 * a pinned one included): what a client's deny-list names it for.
 */
export function excludedFor(rules: ViewRules, server: ViewFacts, now: Date): string[] {
  if (admits(rules, server, now)) return [];
  return (rules.exclude_flags ?? []).filter((f) => server.trustFlags.includes(f));
}
