// Read throughput at concurrency 32 from a gateway process over a catalog holding the real
// 2025-12-18 snapshot: descriptors, connections, /v0.1 list pages and single versions, MCP
// tools/call get_server, and repeated searches (the labelled sets' queries, answers kept by the
// gateway; a search service process in keyword mode behind it), each as a share of a bare
// node:http server answering a constant JSON body in the same run (the ceiling). autocannon runs in this (second) process; loopback only.
// --limits runs the gateway with the anonymous limits on (a limit no request reaches, so every
// request pays the limiter and none is refused).
// Usage: node bench/read-api.mjs [--duration S] [--limits]
import path from "node:path";
import { parseArgs } from "node:util";
import { CONNECTION_TARGETS } from "@catalog/contracts";
import { readFileSync } from "node:fs";
import { waitForIdle } from "@catalog/testing";
import {
  benchHarness,
  load,
  loadSnapshot,
  machine,
  root,
  startCeiling,
  startService,
  stopService,
  waitForHttp,
} from "./lib.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    port: { type: "string", default: "18081" },
    sample: { type: "string", default: "200" },
    limits: { type: "boolean", default: false },
  },
});
const duration = Number(values.duration);

const { h, close } = await benchHarness();
await loadSnapshot(h);
const base = `http://127.0.0.1:${values.port}`;
const searchPort = String(Number(values.port) + 1);
const search = startService("search", h, {
  SEARCH_PORT: searchPort,
  SEARCH_METRICS_PORT: "0",
  EMBEDDING_PROVIDER: "none",
});
const gateway = startService("gateway", h, {
  PORT: values.port,
  SEARCH_URL: `http://127.0.0.1:${searchPort}`,
  NODE_ENV: "production",
  ...(values.limits
    ? { RATE_LIMIT_ENABLED: "true", RATE_LIMIT_ANONYMOUS: "1000000000" }
    : { RATE_LIMIT_ENABLED: "false" }),
});
let ceiling;
try {
  await waitForHttp(`${base}/healthz`);
  await waitForHttp(`http://127.0.0.1:${searchPort}/internal/mode`, 120_000);
  await waitForIdle(h.bus, ["search"], 600_000);
  // A sample spread over the whole name range; connections keep the pairs that have one, the
  // seven targets in turn.
  const { rows } = await h.db.pool.query("SELECT name FROM servers ORDER BY name");
  const step = Math.max(1, Math.floor(rows.length / Number(values.sample)));
  const names = rows.filter((_, i) => i % step === 0).map((r) => r.name);
  const descriptors = names.map((name) => ({ method: "GET", path: `/v1/servers/${name}` }));
  const connections = [];
  for (const [i, name] of names.entries()) {
    const p = `/v1/servers/${name}/connection?target=${CONNECTION_TARGETS[i % CONNECTION_TARGETS.length]}`;
    if ((await fetch(base + p)).status === 200) connections.push({ method: "GET", path: p });
  }
  const versions = [];
  for (const name of names) {
    const p = `/v0.1/servers/${encodeURIComponent(name)}/versions/latest`;
    if ((await fetch(base + p)).status === 200) versions.push({ method: "GET", path: p });
  }
  const mcp = names.map((name) => ({
    method: "POST",
    path: "/mcp",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "get_server", arguments: { name } },
    }),
  }));
  const queries = labelledQueries();
  const searches = queries.map((q) => ({
    method: "GET",
    path: `/v1/search?q=${encodeURIComponent(q)}&limit=10`,
  }));
  ceiling = await startCeiling(await (await fetch(base + descriptors[0].path)).text());
  const ceilingUrl = `http://127.0.0.1:${ceiling.port}`;
  const runs = [
    ["ceiling", ceilingUrl, [{ method: "GET", path: "/constant" }]],
    ["descriptor", base, descriptors],
    ["connection", base, connections],
    ["v0.1 list (limit 30)", base, [{ method: "GET", path: "/v0.1/servers?limit=30" }]],
    ["v0.1 single version (latest)", base, versions],
    ["MCP tools/call get_server", base, mcp],
    ["search, repeated queries (answers kept by the gateway)", base, searches],
  ];
  const results = {};
  for (const [name, url, requests] of runs) {
    process.stderr.write(`${name}: ${requests.length} requests in the mix\n`);
    await load({ url, requests, duration: 2 }); // warm-up
    results[name] = await load({ url, requests, duration });
    process.stderr.write(`${name}: ${JSON.stringify(results[name])}\n`);
  }
  const share = Object.fromEntries(
    runs.map(([name]) => [name, +(results[name].requests_per_s / results.ceiling.requests_per_s).toFixed(3)]),
  );
  console.log(
    JSON.stringify({
      benchmark: "read-api",
      machine: machine(),
      limits: values.limits,
      mix: { descriptors: descriptors.length, connections: connections.length },
      ...results,
      share_of_ceiling: share,
    }),
  );
} finally {
  if (ceiling) ceiling.child.kill("SIGTERM");
  await stopService(gateway);
  await stopService(search);
  await close();
}

/** The queries of the labelled search sets (tests/fixtures/search), read as JSON. */
function labelledQueries() {
  const read = (file) => JSON.parse(readFileSync(path.join(root, "tests/fixtures/search", file), "utf8"));
  return [
    ...read("names.json").queries.map((q) => q.q),
    ...read("intents.json").queries.map((q) => q.q),
    ...read("tasks.json").tasks.map((t) => t.q),
  ];
}
