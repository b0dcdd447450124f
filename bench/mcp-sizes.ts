/**
 * What the catalog's MCP tools cost an agent's context, before and after compaction: each tool
 * result's text block on the real catalog (registry snapshot plus every tool list), against the
 * REST body it was before (a tool result was the REST body); and tools/list with the full output
 * schemas against their outline. Figures in docs/mcp.md.
 *
 * Usage: pnpm --filter @catalog/bench run mcp:sizes   (BENCH_FROM=<db> / BENCH_SAVE_AS=<db> as search:quality)
 */
import type { AddressInfo } from "node:net";
import { loadConfig } from "@catalog/config";
import { MCP_TOOL_SCHEMAS } from "@catalog/contracts";
import { ensureDatabase } from "@catalog/db";
import { createHarness, withDatabase } from "@catalog/testing";
import { createApp } from "../services/gateway/src/app.js";
import { jsonSchemaOf } from "../services/gateway/src/mcp/tool-schemas.js";
import { SearchClient } from "../services/gateway/src/search/search-client.js";
import { connectV2 } from "../tests/support/mcp-clients.js";
import { measureResultSizes, sizeSample } from "../tests/support/mcp-sizes.js";
import { loadSearchCatalog, startSearchFor } from "../tests/support/search-catalog.js";
import { labelledSets } from "../tests/support/search-sets.js";
import { benchInfrastructure } from "./support.js";

const from = process.env.BENCH_FROM;
const saveAs = process.env.BENCH_SAVE_AS;
await benchInfrastructure();
const h = await createHarness(from ? { template: from } : {});
const search = await startSearchFor(h);
await search.ready;
if (!from) await loadSearchCatalog(h);
const app = createApp({
  db: h.db,
  bus: h.bus,
  search: new SearchClient(`http://127.0.0.1:${(search.http.address() as AddressInfo).port}`),
  log: h.log,
  config: loadConfig({ ...h.env, RATE_LIMIT_ENABLED: "false" }),
});
const gateway = app.listen(0, "127.0.0.1");
await new Promise((resolve) => gateway.once("listening", resolve));
const base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
const client = await connectV2(`${base}/mcp`, "auto");
try {
  const queries = labelledSets().intents.map((i) => i.q);
  const servers = sizeSample(20, 80);
  const sizes = await measureResultSizes(client, base, queries, servers);
  console.log(
    `${queries.length} searches (limit 10), ${servers.length} servers (the 20 longest tool lists and 80 others)`,
  );
  console.log("| tool | before: median / p90 / max | after: median / p90 / max |");
  console.log("|---|---:|---:|");
  for (const [tool, { rest, mcp }] of Object.entries(sizes))
    console.log(
      `| ${tool} | ${rest.median} / ${rest.p90} / ${rest.max} | ${mcp.median} / ${mcp.p90} / ${mcp.max} |`,
    );
  const listed = JSON.stringify(await client.listTools()).length;
  const fullSchemas = Object.values(MCP_TOOL_SCHEMAS)
    .map((s) => JSON.stringify(jsonSchemaOf(s.result, "output")).length)
    .reduce((a, b) => a + b, 0);
  const outlined = (await client.listTools())
    .map((t) => JSON.stringify(t.outputSchema).length)
    .reduce((a, b) => a + b, 0);
  console.log(
    `tools/list: ${listed} characters; output schemas ${fullSchemas} in full, ${outlined} in outline`,
  );
} finally {
  await client.close();
  gateway.close();
  await search.stop();
  if (saveAs) {
    await h.db.close();
    await ensureDatabase(withDatabase(h.databaseUrl, saveAs), new URL(h.databaseUrl).pathname.slice(1));
    process.stderr.write(`saved the loaded database as ${saveAs}\n`);
  }
  await h.close();
}
