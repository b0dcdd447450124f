import { endpointsOf, type Endpoint, type Value } from "@catalog/client-configs";
import type { TrustFlag, ViewRules } from "@catalog/contracts";
import type { ServerJson } from "@catalog/registry";
import { latestServers } from "@catalog/testing";
import { admits, excludedFor, VIEW_EXPORTS, type ViewFacts } from "@catalog/views";
import { evaluate, type ManagedSettings, type RunningServer } from "../support/copilot-policy.js";

/**
 * A view over every latest server of the 2025-12-18 snapshot, exported for Copilot, then each
 * server judged by Copilot's own rules (tests/support/copilot-policy.ts, from the reference) the
 * way a client would start it: every way of reaching it (remote URLs with the user's values
 * filled in, launch commands) must land where the view says. The snapshot has no trust flags,
 * so risk flags are dealt out by position, and one namespace is denied by name.
 */
const RISKS: readonly TrustFlag[] = ["tool_poisoning", "hidden_content", "blocked", "critical_advisory"];
const now = new Date("2026-11-26T00:00:00Z");

function factsOf(server: ServerJson, i: number): ViewFacts {
  const trustFlags = RISKS.filter((_, r) => i % [7, 11, 13, 17][r]! === 0);
  return {
    name: server.name,
    trustScore: 50,
    trustFlags,
    connectionClass: "unknown",
    ownerVerified: false,
    lastReachableAt: null,
    worstAdvisory: null,
    toolTokens: null,
  };
}

/** A value as the user completes it: each placeholder filled with a value of their own. */
const filled = (value: Value) =>
  value.map((p) => (typeof p === "string" ? p : `user-${p.name.toLowerCase()}`)).join("");

/** How a Copilot client starts the server through one endpoint (a bundle: not at all). */
function running(name: string, endpoint: Endpoint): RunningServer | null {
  if (endpoint.kind === "remote") return { name, url: filled(endpoint.url) };
  if (endpoint.kind === "package") return { name, command: [endpoint.command, ...endpoint.args.map(filled)] };
  return null;
}

/** Whether an endpoint is one an exact entry can express (no value the user supplies in argv). */
const exact = (e: Endpoint) =>
  e.kind === "remote" || (e.kind === "package" && e.args.every((a) => a.every((p) => typeof p === "string")));

/** Whether an entry names the server alone: not the local address of a package the user starts. */
const naming = (e: Endpoint) => exact(e) && !(e.kind === "remote" && e.start);

test("copilot: every server of a view over the snapshot lands where the view says", () => {
  const servers = latestServers();
  const rules: ViewRules = { exclude_flags: [...RISKS], deny_names: ["ai.smithery/*"] };
  const facts = servers.map(factsOf);
  const inView = servers.filter((_, i) => admits(rules, facts[i]!, now));
  const excluded = servers.flatMap((server, i) => {
    const flags = excludedFor(rules, facts[i]!, now);
    return flags.length > 0 ? [{ name: server.name, server, flags }] : [];
  });
  const out = VIEW_EXPORTS.copilot({
    registryUrl: "https://catalog.example/views/safe",
    servers: inView.map((server) => ({ name: server.name, server })),
    excluded,
  });
  const file = out.file as ManagedSettings;
  const omitted = new Set(out.omitted.map((o) => o.name));
  const inViewNames = new Set(inView.map((s) => s.name));
  const excludedNames = new Set(excluded.map((s) => s.name));
  const denyOnly: ManagedSettings = { deniedMcpServers: file.deniedMcpServers ?? [] };
  // Endpoints a server of the view also runs: another server reached the same way is that server.
  const viewRuns = new Set(inView.flatMap((s) => endpointsOf(s).map((e) => JSON.stringify(running("", e)))));

  const wrong: string[] = [];
  const counts = { allowed: 0, blocked: 0, denied: 0, omitted: omitted.size, shared: 0 };
  for (const server of servers) {
    const endpoints = endpointsOf(server).filter((e) => e.kind !== "bundle");
    const verdicts = endpoints.map((e) => ({ e, run: running(server.name, e)! }));
    if (inViewNames.has(server.name)) {
      if (omitted.has(server.name)) continue;
      // Allowed through every exact endpoint, and through at least one.
      const bad = verdicts.filter(({ e, run }) => exact(e) && evaluate(file, run) !== "allowed");
      if (bad.length > 0 || verdicts.every(({ run }) => evaluate(file, run) !== "allowed"))
        wrong.push(`${server.name} is in the view, yet blocked: ${JSON.stringify(bad.map((b) => b.run))}`);
      else counts.allowed++;
    } else {
      for (const { e, run } of verdicts) {
        const { name: _, ...what } = run;
        if (viewRuns.has(JSON.stringify({ name: "", ...what }))) {
          counts.shared++;
          continue;
        }
        if (evaluate(file, run) !== "blocked")
          wrong.push(`${server.name} is outside the view, yet allowed: ${JSON.stringify(run)}`);
        // The deny-list alone blocks what an exact entry can name of a server excluded for a flag.
        if (excludedNames.has(server.name) && naming(e) && evaluate(denyOnly, run) !== "blocked")
          wrong.push(`${server.name} is excluded for a risk flag, yet not denied: ${JSON.stringify(run)}`);
      }
      if (excludedNames.has(server.name)) counts.denied++;
      else counts.blocked++;
    }
  }
  console.log(`copilot allow-list over ${servers.length} servers: ${JSON.stringify(counts)}`);
  expect(wrong).toEqual([]);
  // Enough of each kind that the check means something.
  expect(counts.allowed).toBeGreaterThan(500);
  expect(counts.denied).toBeGreaterThan(100);
  expect(counts.blocked).toBeGreaterThan(50);
  // Every omission says why.
  for (const o of out.omitted) expect(o.reason).toMatch(/^[A-Z].{20,}\.$/);
});
