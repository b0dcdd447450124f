import { hasFilters, matchesFilters } from "./filters.js";
import type { ServerFacts } from "./types.js";

const server: ServerFacts = {
  name: "io.example/chat",
  title: "Chat",
  description: "Team chat",
  connectionClass: "R1",
  autonomous: false,
  humanSteps: ["Sign in"],
  categories: ["communication", "productivity"],
  trustScore: 70,
  trustFlags: ["namespace_domain", "oauth_protected"],
  qualityScore: null,
  qualityLabel: "unrated",
  toolCount: 3,
  toolTokens: 450,
  transports: ["streamable-http"],
  access: ["late_gate"],
};

describe("search filters", () => {
  it("admits everything without filters", () => {
    expect(hasFilters({})).toBe(false);
    expect(matchesFilters(server, {})).toBe(true);
  });

  it("keeps a server whose class is in the list", () => {
    expect(matchesFilters(server, { class: ["R0", "R1"] })).toBe(true);
    expect(matchesFilters(server, { class: ["R0", "L0"] })).toBe(false);
  });

  it("keeps a server only when it has a non-templated remote of the transport", () => {
    expect(matchesFilters(server, { transport: "streamable-http" })).toBe(true);
    expect(matchesFilters(server, { transport: "sse" })).toBe(false);
    expect(matchesFilters({ ...server, transports: [] }, { transport: "streamable-http" })).toBe(false);
  });

  it("keeps a server with a probed remote of any of the access classes", () => {
    expect(matchesFilters(server, { access: ["late_gate"] })).toBe(true);
    expect(matchesFilters(server, { access: ["open", "late_gate"] })).toBe(true);
    expect(matchesFilters(server, { access: ["open"] })).toBe(false);
    expect(matchesFilters({ ...server, access: [] }, { access: ["open", "late_gate", "hard_gate"] })).toBe(
      false,
    );
  });

  it("filters by category and minimum trust (inclusive)", () => {
    expect(matchesFilters(server, { category: "communication" })).toBe(true);
    expect(matchesFilters(server, { category: "finance" })).toBe(false);
    expect(matchesFilters(server, { min_trust: 70 })).toBe(true);
    expect(matchesFilters(server, { min_trust: 71 })).toBe(false);
  });

  it("needs every flag of flags and none of exclude_flags", () => {
    expect(matchesFilters(server, { flags: ["namespace_domain", "oauth_protected"] })).toBe(true);
    expect(matchesFilters(server, { flags: ["namespace_domain", "owner_verified"] })).toBe(false);
    expect(matchesFilters(server, { exclude_flags: ["deprecated", "blocked"] })).toBe(true);
    expect(matchesFilters(server, { exclude_flags: ["blocked", "oauth_protected"] })).toBe(false);
  });

  it("combines filters with and", () => {
    expect(hasFilters({ min_trust: 0 })).toBe(true);
    expect(matchesFilters(server, { class: ["R1"], category: "communication", min_trust: 50 })).toBe(true);
    expect(matchesFilters(server, { class: ["R1"], category: "finance", min_trust: 50 })).toBe(false);
  });

  it("keeps servers whose tool definitions were counted at no more than max_tokens", () => {
    expect(matchesFilters(server, { max_tokens: 450 })).toBe(true);
    expect(matchesFilters(server, { max_tokens: 449 })).toBe(false);
    expect(matchesFilters({ ...server, toolTokens: null }, { max_tokens: 1_000_000 })).toBe(false);
    expect(hasFilters({ max_tokens: 0 })).toBe(true);
  });
});
