// MCP throughput at concurrency 32 against a gateway process over the real 2025-12-18 snapshot:
// tools/list and tools/call get_server on the 2026-07-28 revision (envelope and standard
// headers, no discover first), the same call the 2025 way (no initialize: stateless), and the
// REST descriptor for comparison. autocannon runs in this (second) process; loopback only.
// Usage: node bench/mcp.mjs [--duration S]
import { parseArgs } from "node:util";
import { benchHarness, load, loadSnapshot, machine, startService, stopService, waitForHttp } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    port: { type: "string", default: "18082" },
    sample: { type: "string", default: "200" },
  },
});
const duration = Number(values.duration);
const VERSION = "2026-07-28";
const META = {
  "io.modelcontextprotocol/protocolVersion": VERSION,
  "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const ACCEPT = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/** A POST /mcp request as autocannon sends it. */
function rpc(method, params, era) {
  const modern = era === "modern";
  const name = typeof params.name === "string" ? { "mcp-name": params.name } : {};
  return {
    method: "POST",
    path: "/mcp",
    headers: modern ? { ...ACCEPT, "mcp-protocol-version": VERSION, "mcp-method": method, ...name } : ACCEPT,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method,
      params: modern ? { ...params, _meta: META } : params,
    }),
  };
}

const { h, close } = await benchHarness();
await loadSnapshot(h);
const base = `http://127.0.0.1:${values.port}`;
const gateway = startService("gateway", h, {
  PORT: values.port,
  NODE_ENV: "production",
  RATE_LIMIT_ENABLED: "false",
});
try {
  await waitForHttp(`${base}/healthz`);
  const { rows } = await h.db.pool.query("SELECT name FROM servers ORDER BY name");
  const step = Math.max(1, Math.floor(rows.length / Number(values.sample)));
  const names = rows.filter((_, i) => i % step === 0).map((r) => r.name);
  const call = (era) =>
    names.map((name) => rpc("tools/call", { name: "get_server", arguments: { name } }, era));
  const runs = [
    ["tools/list (2026-07-28)", [rpc("tools/list", {}, "modern")]],
    ["tools/call get_server (2026-07-28)", call("modern")],
    ["tools/call get_server (2025, no initialize)", call("legacy")],
    ["REST descriptor", names.map((name) => ({ method: "GET", path: `/v1/servers/${name}` }))],
  ];
  const results = {};
  for (const [label, requests] of runs) {
    await load({ url: base, requests, duration: 2 }); // warm-up
    results[label] = await load({ url: base, requests, duration });
  }
  console.log(JSON.stringify({ benchmark: "mcp", machine: machine(), servers: names.length, ...results }));
} finally {
  await stopService(gateway);
  await close();
}
