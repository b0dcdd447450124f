/**
 * Completes a saved benchmark catalog in place: every text without a vector of the local model
 * gets its stand-in vector (stand-in-provider.ts). For a load cut short, or saved before the
 * model caught up, so the search benchmarks can serve it at full size; run again after a cut,
 * it resumes where it stopped.
 *
 * Usage: BENCH_FROM=<database> pnpm --filter @catalog/bench run vectors:complete
 */
import { Database, SearchRepository } from "@catalog/db";
import { loadConfig } from "../packages/config/dist/index.js";
import { createProvider } from "../packages/embeddings/dist/index.js";
import { testPostgresUrl, withDatabase } from "@catalog/testing";
import { fillWithStandIns, StandInProvider } from "./stand-in-provider.js";
import { benchInfrastructure } from "./support.js";

const from = process.env.BENCH_FROM;
if (!from) throw new Error("BENCH_FROM names the saved database to complete");

await benchInfrastructure();
const db = new Database({
  url: withDatabase(testPostgresUrl(), from),
  poolSize: 4,
  applicationName: "bench",
});
// The configured defaults, with the local model on both cores.
const provider = await createProvider(loadConfig({ EMBEDDING_PROVIDER: "local", EMBEDDING_THREADS: "2" }));
const standIn = new StandInProvider(provider!);
const started = Date.now();
try {
  const filled = await fillWithStandIns(new SearchRepository(db), standIn);
  await db.pool.query("VACUUM (ANALYZE)");
  console.log(
    `${from}: ${filled} texts given stand-in vectors in ${Math.round((Date.now() - started) / 1000)} s`,
  );
} finally {
  await standIn.close();
  await db.close();
}
