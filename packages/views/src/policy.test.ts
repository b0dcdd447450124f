import { ViewRulesSchema } from "@catalog/contracts";
import { BUILTIN_VIEWS } from "./builtin.js";
import { admits, excludedFor, namesServer, pinnedVersions, type ViewFacts } from "./policy.js";

const now = new Date("2026-11-25T12:00:00Z");
const server: ViewFacts = {
  name: "io.github.acme/weather",
  trustScore: 70,
  trustFlags: ["namespace_domain", "remote_reachable"],
  connectionClass: "R0",
  ownerVerified: true,
  lastReachableAt: new Date("2026-11-24T12:00:00Z"),
  worstAdvisory: "medium",
  toolTokens: 900,
};

describe("view rules", () => {
  it("admits everything without rules, and each rule narrows", () => {
    expect(admits({}, server, now)).toBe(true);
    expect(admits({ min_trust: 70 }, server, now)).toBe(true);
    expect(admits({ min_trust: 71 }, server, now)).toBe(false);
    expect(admits({ require_flags: ["remote_reachable"] }, server, now)).toBe(true);
    expect(admits({ require_flags: ["oauth_protected"] }, server, now)).toBe(false);
    expect(admits({ exclude_flags: ["namespace_domain"] }, server, now)).toBe(false);
    expect(admits({ classes: ["R1", "L0"] }, server, now)).toBe(false);
    expect(admits({ owner_verified: true }, { ...server, ownerVerified: false }, now)).toBe(false);
    expect(admits({ max_tokens: 900 }, server, now)).toBe(true);
    expect(admits({ max_tokens: 899 }, server, now)).toBe(false);
    expect(admits({ max_tokens: 10_000 }, { ...server, toolTokens: null }, now)).toBe(false);
  });

  it("reads reachability as a probe within the days, and advisories at or above a severity", () => {
    expect(admits({ reachable_within_days: 1 }, server, now)).toBe(true);
    expect(
      admits(
        { reachable_within_days: 1 },
        { ...server, lastReachableAt: new Date("2026-11-24T11:59:59Z") },
        now,
      ),
    ).toBe(false);
    expect(admits({ reachable_within_days: 30 }, { ...server, lastReachableAt: null }, now)).toBe(false);
    expect(admits({ no_advisory_at_or_above: "high" }, server, now)).toBe(true);
    expect(admits({ no_advisory_at_or_above: "medium" }, server, now)).toBe(false);
    expect(admits({ no_advisory_at_or_above: "low" }, { ...server, worstAdvisory: null }, now)).toBe(true);
  });

  it("takes allow and deny patterns, deny first, and pins past every rule", () => {
    expect(namesServer("io.github.acme/*", server.name)).toBe(true);
    expect(namesServer("io.github.acm/*", server.name)).toBe(false);
    expect(namesServer("io.github.acme/weather", server.name)).toBe(true);
    expect(admits({ allow_names: ["io.github.other/*"] }, server, now)).toBe(false);
    expect(admits({ allow_names: ["io.github.acme/*"], deny_names: [server.name] }, server, now)).toBe(false);
    expect(admits({ min_trust: 100, deny_names: [server.name], pinned: [server.name] }, server, now)).toBe(
      true,
    );
    const pinned = { pinned: [{ name: server.name, version: "1.2.0" }, "com.example/other"] };
    expect(admits({ min_trust: 100, ...pinned }, server, now)).toBe(true);
    expect(pinnedVersions(pinned)).toEqual(new Map([[server.name, "1.2.0"]]));
  });

  it("validates: unknown rules, flags and patterns are refused", () => {
    expect(ViewRulesSchema.safeParse({ min_trust: 50, owner_verified: true }).success).toBe(true);
    expect(ViewRulesSchema.safeParse({ minimum_trust: 50 }).success).toBe(false);
    expect(ViewRulesSchema.safeParse({ require_flags: ["nope"] }).success).toBe(false);
    expect(ViewRulesSchema.safeParse({ allow_names: ["acme"] }).success).toBe(false);
    expect(ViewRulesSchema.safeParse({ owner_verified: false }).success).toBe(false);
  });

  it("built-in views are valid and distinct", () => {
    for (const v of BUILTIN_VIEWS) expect(ViewRulesSchema.safeParse(v.rules).success).toBe(true);
    expect(new Set(BUILTIN_VIEWS.map((v) => v.name)).size).toBe(BUILTIN_VIEWS.length);
  });
});

describe("excludedFor", () => {
  const poisoned = { ...server, trustFlags: ["tool_poisoning", "hidden_content", "remote_reachable"] };
  const rules = { exclude_flags: ["tool_poisoning", "blocked", "hidden_content"] as const };

  it("names the view's exclude flags a server left out carries", () => {
    expect(excludedFor({ exclude_flags: [...rules.exclude_flags] }, poisoned, now)).toEqual([
      "tool_poisoning",
      "hidden_content",
    ]);
  });

  it("names none for a server in the view, pinned or clean", () => {
    expect(excludedFor({ exclude_flags: [...rules.exclude_flags] }, server, now)).toEqual([]);
    expect(
      excludedFor({ exclude_flags: [...rules.exclude_flags], pinned: [server.name] }, poisoned, now),
    ).toEqual([]);
    // Left out by another rule only: nothing for a deny-list to say.
    expect(excludedFor({ min_trust: 90 }, poisoned, now)).toEqual([]);
  });
});
