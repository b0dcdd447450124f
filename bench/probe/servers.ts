// Starts N MCP servers (v2 SDK, 2026-07-28) on loopback and prints their URLs as one JSON line.
// Runs in its own process so the servers do not share an event loop with the prober or the bench.
import { startModernServer, type TestHttpServer } from "@catalog/testing/mcp";

const count = Number(process.argv[2] ?? 200);
const servers: (TestHttpServer & { url: string })[] = [];
for (let i = 0; i < count; i++) servers.push(await startModernServer({ name: `bench-${i}` }));
process.stdout.write(`${JSON.stringify(servers.map((s) => s.url))}\n`);
const stop = async () => {
  await Promise.all(servers.map((s) => s.close()));
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.stdin.on("end", () => void stop());
process.stdin.resume();
