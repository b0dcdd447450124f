/**
 * Search quality on the labelled intents (tests/fixtures/search-intents.json) over the real
 * catalog: Recall@5 and nDCG@10 at server level and tool level, for keyword only, semantic only
 * and hybrid retrieval. Usage: pnpm --filter @catalog/bench run search:quality
 */
import { readFileSync } from "node:fs";
import { mean, ndcgAtK, recallAtK } from "@catalog/search-core";
import { createHarness } from "@catalog/testing";
import { loadSearchCatalog, startSearchFor, type Intent } from "../tests/support/search-catalog.js";
import { benchInfrastructure, round } from "./support.js";

const intents = (
  JSON.parse(readFileSync(new URL("../tests/fixtures/search-intents.json", import.meta.url), "utf8")) as {
    queries: Intent[];
  }
).queries;

await benchInfrastructure();
const h = await createHarness();
const search = await startSearchFor(h);
try {
  await search.ready;
  const started = Date.now();
  await loadSearchCatalog(h);
  process.stderr.write(`catalog loaded and indexed in ${Math.round((Date.now() - started) / 1000)} s\n`);
  const rows: string[] = [];
  for (const retrievers of ["keyword", "semantic", "hybrid"] as const) {
    const server = { recall: [] as number[], ndcg: [] as number[] };
    const tool = { recall: [] as number[], ndcg: [] as number[] };
    for (const intent of intents) {
      const { results } = await search.engine.search({ q: intent.q, limit: 10, filters: {}, retrievers });
      const servers = results.map((r) => r.name);
      server.recall.push(recallAtK(servers, new Set(intent.servers), 5));
      server.ndcg.push(ndcgAtK(servers, new Set(intent.servers), 10));
      if (intent.tools.length > 0) {
        const tools = results.flatMap((r) => r.matched_tools.map((t) => `${r.name}#${t.name}`));
        tool.recall.push(recallAtK(tools, new Set(intent.tools), 5));
        tool.ndcg.push(ndcgAtK(tools, new Set(intent.tools), 10));
      }
    }
    rows.push(
      `| ${retrievers} | ${round(mean(server.recall))} | ${round(mean(server.ndcg))} | ${round(mean(tool.recall))} | ${round(mean(tool.ndcg))} |`,
    );
  }
  const withTools = intents.filter((i) => i.tools.length > 0).length;
  console.log(`${intents.length} intents (${withTools} with tool labels)\n`);
  console.log("| retrievers | server Recall@5 | server nDCG@10 | tool Recall@5 | tool nDCG@10 |");
  console.log("|---|---|---|---|---|");
  for (const row of rows) console.log(row);
} finally {
  await search.stop();
  await h.close();
}
