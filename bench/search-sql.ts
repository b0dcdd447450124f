/**
 * The search service's PostgreSQL statements alone, on a database kept by the speed benchmark
 * (BENCH_SAVE_AS): for each labelled intent, in turn, the lexemes, both kinds' keyword hits and
 * the matched tools' descriptions, as the engine issues them. Prints the mean, median and 90th
 * percentile time of each over two rounds after a warm-up round. No load, no other process: the
 * figures are the database's share of one request.
 *
 * Usage: pnpm --filter @catalog/bench run search:sql -- <database name>
 */
import { readFileSync } from "node:fs";
import { Database, SearchRepository, toolDocumentId } from "@catalog/db";
import { withDatabase } from "@catalog/testing";
import { keywordQuery, MAX_KEYWORDS } from "../services/search/src/query/keyword-query.js";
import { round } from "./support.js";

const database = process.argv.slice(2).find((a) => a !== "--");
if (!database) throw new Error("usage: search:sql -- <database name>");
const url = withDatabase(
  process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  database,
);
const intents = (
  JSON.parse(readFileSync(new URL("../tests/fixtures/search-intents.json", import.meta.url), "utf8")) as {
    queries: { q: string }[];
  }
).queries;

// One connection, with the search service's session settings.
const db = new Database({ url, poolSize: 1, sessionOptions: "-c jit=off" });
const repo = new SearchRepository(db);
const times = {
  lexemes: [] as number[],
  server: [] as number[],
  tool: [] as number[],
  descriptions: [] as number[],
};
const timed = async <T>(into: number[] | undefined, run: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await run();
  into?.push(performance.now() - started);
  return result;
};
try {
  for (let pass = 0; pass < 3; pass++) {
    const keep = (list: number[]) => (pass > 0 ? list : undefined);
    for (const { q } of intents) {
      const lexemes = await timed(keep(times.lexemes), () => repo.lexemes(q, MAX_KEYWORDS));
      const query = keywordQuery(q, lexemes);
      await timed(keep(times.server), () => repo.keywordHits("server", query, 60));
      const tools = await timed(keep(times.tool), () => repo.keywordHits("tool", query, 120));
      const ids = tools.slice(0, 30).map((t) => toolDocumentId(t.serverName, t.toolName!));
      await timed(keep(times.descriptions), () => repo.descriptions(ids));
    }
  }
} finally {
  await db.close();
}
console.log(`database ${database}, ${intents.length} intents, two rounds after a warm-up`);
console.log("| statement | mean ms | p50 ms | p90 ms |");
console.log("|---|---|---|---|");
for (const [name, list] of Object.entries(times)) {
  const sorted = [...list].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!, 2);
  console.log(`| ${name} | ${round(mean, 2)} | ${at(0.5)} | ${at(0.9)} |`);
}
