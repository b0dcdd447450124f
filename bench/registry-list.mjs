// /v0.1/servers list throughput at concurrency 32, from this process against a gateway process,
// over a catalog holding the real 2025-12-18 snapshot. Usage: node bench/registry-list.mjs [--duration S]
import { parseArgs } from "node:util";
import { benchHarness, load, loadSnapshot, machine, startService, stopService, waitForHttp } from "./lib.mjs";

const { values } = parseArgs({
  options: { duration: { type: "string", default: "10" }, port: { type: "string", default: "18080" } },
});
const { h, close } = await benchHarness();
await loadSnapshot(h);
const base = `http://127.0.0.1:${values.port}`;
const gateway = startService("gateway", h, { PORT: values.port, RATE_LIMIT_ENABLED: "false" });
try {
  await waitForHttp(`${base}/healthz`);
  const pages = [
    "",
    "?limit=100",
    "?cursor=io.github.a:0",
    "?search=github&limit=50",
    "?version=latest&limit=30",
  ];
  const requests = pages.map((q) => ({ method: "GET", path: `/v0.1/servers${q}` }));
  await load({ url: base, requests, duration: 2 }); // warm-up
  const result = await load({ url: base, requests, duration: Number(values.duration) });
  console.log(
    JSON.stringify({
      benchmark: "registry-list",
      machine: machine(),
      mix: pages.map((q) => `/v0.1/servers${q}`),
      ...result,
    }),
  );
} finally {
  await stopService(gateway);
  await close();
}
