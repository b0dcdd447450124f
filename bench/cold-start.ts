/**
 * Cold start to searchable: an empty database, the catalog and search services started as
 * their own processes (production entry points, the local model on EMBEDDING_THREADS threads),
 * and a generated catalog handed to the catalog as the mirror and tool observations would.
 * Every 10 s it reads how many servers and tools the catalog holds and how many of them have
 * search documents (keyword-searchable), and how many texts have no vector yet. Reports:
 * - minutes until every server and tool is keyword-searchable, and the largest lag between the
 *   catalog holding the k-th server (or tool) and its documents being searchable;
 * - whether keyword search finds a sample of servers by their own names at that point;
 * - minutes until every text has its vector, or, past the time limit, the embedding rate and
 *   the time it would take at that rate.
 *
 * Usage: pnpm --filter @catalog/bench run cold-start -- [servers] [tools] [minutes]
 *   full size: 25000 300000 45; the default is a reduced run (2000 servers, 24000 tools, 20 min).
 * BENCH_SAVE_AS=<db>: keep the loaded database; texts the model had not embedded by the time
 * limit then get stand-in vectors (bench/stand-in-provider.ts), so the copy serves the search
 * benchmarks at full size (`BENCH_FROM=<db>`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDatabase, SearchRepository } from "@catalog/db";
import { createProvider } from "../packages/embeddings/dist/index.js";
import { createHarness, withDatabase } from "@catalog/testing";
import { searchConfig } from "../tests/support/search-catalog.js";
import { fillWithStandIns, StandInProvider } from "./stand-in-provider.js";
import { generateCatalog } from "./generate-catalog.js";
import { benchInfrastructure, queueServers, queueToolLists, round } from "./support.js";

const [servers = 2000, tools = 24_000, minutes = 20] = process.argv
  .slice(2)
  .filter((a) => a !== "--")
  .map(Number);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const POLL_MS = 10_000;
const MODEL = "local/universal-sentence-encoder-lite";
const saveAs = process.env.BENCH_SAVE_AS;

type Sample = { at: number; servers: number; serversIndexed: number; tools: number; toolsIndexed: number };

await benchInfrastructure();
const h = await createHarness();
const children: ChildProcess[] = [];
const searchPort = 19_500 + Math.floor(Math.random() * 400);
const monitorPort = searchPort + 400;
try {
  const catalog = generateCatalog(servers, tools);
  const toolCount = Object.values(catalog.tools).reduce((n, l) => n + l.length, 0);
  const env = {
    ...process.env,
    ...h.env,
    LOG_LEVEL: "warn",
    SEARCH_PORT: String(searchPort),
    SEARCH_METRICS_PORT: String(monitorPort),
    EMBEDDING_THREADS: process.env.EMBEDDING_THREADS ?? "2",
  };
  for (const service of ["catalog", "search"]) {
    const child = spawn(process.execPath, [path.join(root, `services/${service}/dist/main.js`)], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(child);
  }
  // Started: /healthz says vectors_pending once the model is loaded (null before its first count).
  const health = async () =>
    (await fetch(`http://127.0.0.1:${monitorPort}/healthz`)
      .then((r) => r.json() as Promise<{ vectors_pending?: number | null }>)
      .catch(() => undefined)) ?? {};
  while (typeof (await health()).vectors_pending !== "number") await new Promise((r) => setTimeout(r, 500));
  // Counted here rather than read from /healthz, which counts every 30 s.
  const repo = new SearchRepository(h.db);
  const unembedded = () => repo.countUnembedded(MODEL);

  const started = Date.now();
  const samples: Sample[] = [];
  const sample = async (): Promise<Sample> => {
    const { rows } = await h.db.pool.query(`SELECT
      (SELECT count(*) FROM servers)::int AS servers,
      (SELECT count(*) FROM search_documents WHERE kind = 'server')::int AS servers_indexed,
      (SELECT count(*) FROM tools)::int AS tools,
      (SELECT count(*) FROM search_documents WHERE kind = 'tool')::int AS tools_indexed`);
    const r = rows[0];
    const s = {
      at: (Date.now() - started) / 60_000,
      servers: r.servers,
      serversIndexed: r.servers_indexed,
      tools: r.tools,
      toolsIndexed: r.tools_indexed,
    };
    samples.push(s);
    return s;
  };
  await queueServers(h.bus, catalog);
  await queueToolLists(h.bus, catalog);
  process.stderr.write(`queued ${catalog.registry.length} servers and ${toolCount} tools\n`);

  let keywordAt: number | undefined;
  let last = { at: 0, pending: 0 };
  for (;;) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const s = await sample();
    const pending = await unembedded();
    last = { at: s.at, pending };
    process.stderr.write(
      `${round(s.at, 1)} min: servers ${s.serversIndexed}/${s.servers}, tools ${s.toolsIndexed}/${s.tools}, texts without a vector ${pending}\n`,
    );
    const whole = s.servers >= servers && s.tools >= toolCount;
    if (keywordAt === undefined && whole && s.serversIndexed >= s.servers && s.toolsIndexed >= s.tools) {
      keywordAt = s.at;
    }
    if (keywordAt !== undefined && pending === 0) break;
    // The time limit bounds the wait for the vectors, not for keyword search (at most twice over).
    if (s.at >= minutes && (keywordAt !== undefined || s.at >= 2 * minutes)) break;
  }
  const lag = (held: keyof Sample, indexed: keyof Sample, total: number) => {
    let worst = 0;
    for (let k = 1; k <= total; k += Math.max(1, Math.floor(total / 500))) {
      const heldAt = samples.find((s) => s[held] >= k)?.at;
      const indexedAt = samples.find((s) => s[indexed] >= k)?.at;
      if (heldAt !== undefined && indexedAt !== undefined) worst = Math.max(worst, indexedAt - heldAt);
    }
    return round(worst, 1);
  };
  console.log(
    `cold start: ${servers} servers, ${toolCount} tools, EMBEDDING_THREADS ${env.EMBEDDING_THREADS}`,
  );
  console.log(
    `catalog holds every server at ${round(samples.find((s) => s.servers >= servers)?.at ?? NaN, 1)} min, every tool at ${round(samples.find((s) => s.tools >= toolCount)?.at ?? NaN, 1)} min`,
  );
  console.log(
    `keyword-searchable: every server and tool at ${keywordAt === undefined ? "not reached" : `${round(keywordAt, 1)} min`}; largest lag behind the catalog: servers ${lag("servers", "serversIndexed", servers)} min, tools ${lag("tools", "toolsIndexed", toolCount)} min`,
  );
  console.log(`found by name: ${await foundByName(catalog.registry.map((e) => e.server.name))}`);
  if (last.pending === 0)
    console.log(`fully indexed (every text with its vector) at ${round(last.at, 1)} min`);
  else {
    // The model's rate over the whole run: every text it embedded, over the time so far.
    const embedded = (await h.db.pool.query("SELECT count(*)::int AS n FROM embeddings")).rows[0].n as number;
    const rate = embedded / (last.at * 60);
    console.log(
      `not fully indexed at ${round(last.at, 1)} min: ${last.pending} texts without a vector; ${round(rate, 1)} texts/s over the run, about ${round(last.at + last.pending / rate / 60, 0)} min in all at that rate`,
    );
  }
  for (const child of children) child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 2000));
  if (saveAs) {
    const standIn = new StandInProvider((await createProvider(searchConfig(h)))!);
    const filled = await fillWithStandIns(repo, standIn).finally(() => standIn.close());
    await h.db.pool.query("VACUUM (ANALYZE)");
    await h.db.close();
    await ensureDatabase(withDatabase(h.databaseUrl, saveAs), new URL(h.databaseUrl).pathname.slice(1));
    process.stderr.write(`saved as ${saveAs} (${filled} texts with stand-in vectors)\n`);
  }
} finally {
  for (const child of children) child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 2000));
  await h.close();
}

/** A sample of 300 servers searched by their own names: the share whose server comes first. */
async function foundByName(names: string[]): Promise<string> {
  const sample = names.filter((_, i) => i % Math.max(1, Math.floor(names.length / 300)) === 0);
  let first = 0;
  for (const name of sample) {
    const res = await fetch(`http://127.0.0.1:${searchPort}/internal/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ q: name, limit: 5, retrievers: "keyword" }),
    });
    const answer = (await res.json()) as { results: { name: string }[] };
    if (answer.results[0]?.name === name) first++;
  }
  return `${first}/${sample.length} first`;
}
