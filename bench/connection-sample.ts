/**
 * The hand check of issue 17, repeatable: 40 servers of the 2025-12-18 snapshot drawn at random
 * with a fixed seed, each with its class, autonomy and steps (to read against DECISIONS.md
 * section 4) and what every target answers. Prints the markdown table of docs/connections.md.
 * Usage: pnpm --filter @catalog/bench run connections:sample [-- <count> <seed>]
 */
import { buildConnection } from "@catalog/client-configs";
import { assessConnectability } from "@catalog/connectability";
import { CONNECTION_TARGETS } from "@catalog/contracts";
import { installName } from "@catalog/registry";
import { latestServers } from "@catalog/testing";

const count = Number(process.argv[2] ?? 40);
const seed = Number(process.argv[3] ?? 20261123);

/** mulberry32: a small seeded generator, so that the draw is the same on every machine. */
function random(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function draw<T>(items: readonly T[], n: number, next: () => number): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, n);
}

const servers = [...latestServers()].sort((a, b) => a.name.localeCompare(b.name));
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
console.log(`Seed ${seed}, ${count} of ${servers.length} servers.\n`);
console.log("| server | declares | class | autonomous | human steps | install as | 409 targets |");
console.log("|---|---|---|---|---|---|---|");
for (const server of draw(servers, count, random(seed))) {
  const c = assessConnectability(server);
  const declares = [
    ...(server.remotes ?? []).map(
      (r) => `remote ${r.type}${r.headers?.length ? ` +${r.headers.length} header` : ""}`,
    ),
    ...(server.packages ?? []).map(
      (p) =>
        `${p.registryType}${p.transport?.type && p.transport.type !== "stdio" ? ` (${p.transport.type})` : ""}${p.environmentVariables?.length ? ` +${p.environmentVariables.length} env` : ""}`,
    ),
  ].join(", ");
  const refused = CONNECTION_TARGETS.filter((t) => !buildConnection(server, t, c.via).ok);
  console.log(
    `| ${server.name} | ${declares || "nothing"} | ${c.class} | ${c.autonomous} | ${cell(c.human_steps.join("; ")) || "none"} | ${installName(server.name) ?? ""} | ${refused.join(", ") || "none"} |`,
  );
}
