import { createHarness, unusedPort, type Harness } from "@catalog/testing";
import { registryEntry, seedCatalog } from "../support/read-api.js";
import { ServiceProcesses, until } from "../support/service-process.js";

/**
 * Two gateway processes, each with its read cache, over one catalog: what one replica kept is
 * dropped everywhere once a writer announces the change, whichever replica or worker wrote it.
 * "Within a second" is measured from the write's completion to the other replica's answer.
 */
const SERVER = "io.github.acme/weather";
const ADMIN_TOKEN = "a".repeat(32);
const ANNOUNCED_WITHIN_MS = 1_000;

let h: Harness;
const processes = new ServiceProcesses();
let replicas: string[] = [];

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(h, [
    registryEntry({
      name: SERVER,
      description: "Forecasts",
      remotes: [{ type: "streamable-http", url: "https://mcp.acme.dev/mcp" }],
    }),
  ]);
  replicas = await Promise.all(
    [0, 1].map(async () => {
      const [port, metrics] = [await unusedPort(), await unusedPort()];
      processes.start(h, "gateway", {
        PORT: String(port),
        METRICS_PORT: String(metrics),
        RATE_LIMIT_ENABLED: "false",
        ADMIN_TOKEN,
        SEARCH_URL: "http://127.0.0.1:9",
      });
      const url = `http://127.0.0.1:${port}`;
      await until("gateway up", async () => (await fetch(`${url}/healthz`)).ok, 120_000);
      return url;
    }),
  );
}, 180_000);

afterAll(async () => {
  processes.killAll();
  await h?.close();
});

const path = `/v1/servers/${encodeURIComponent(SERVER)}`;
const read = async (replica: string, suffix = "") => {
  const res = await fetch(`${replica}${path}${suffix}`);
  return {
    status: res.status,
    etag: res.headers.get("etag"),
    body: (await res.json()) as Record<string, unknown>,
  };
};

/**
 * How long after now every replica answers `status` for `suffix`: the time at which the first
 * round of requests that all saw it was sent (a slow answer on a busy machine does not count).
 */
async function msUntil(suffix: string, status: number): Promise<number> {
  const started = Date.now();
  let sentAt = started;
  await until(
    `${status} on every replica`,
    async () => {
      sentAt = Date.now();
      const answers = await Promise.all(replicas.map((r) => fetch(`${r}${path}${suffix}`)));
      await Promise.all(answers.map((a) => a.arrayBuffer()));
      return answers.every((a) => a.status === status);
    },
    10_000,
  );
  return sentAt - started;
}

it("serves what it kept, with a 304 for its ETag, until the change is announced", async () => {
  const first = await read(replicas[0]!);
  expect(first.status).toBe(200);
  // A write no one announces (straight to the table): the replica still serves what it kept.
  await h.db.pool.query(`UPDATE servers SET description = 'Changed quietly' WHERE name = $1`, [SERVER]);
  const again = await read(replicas[0]!);
  expect([again.body.description, again.etag]).toEqual(["Forecasts", first.etag]);
  const notModified = await fetch(`${replicas[0]}${path}`, {
    headers: { "if-none-match": first.etag ?? "" },
  });
  expect(notModified.status).toBe(304);
  // The MCP tool reads the same cached body.
  const call = await fetch(`${replicas[0]}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "get_server", arguments: { name: SERVER } },
    }),
  });
  const rpc = (await call.json()) as { result: { structuredContent: { description: string } } };
  expect(rpc.result.structuredContent.description).toBe("Forecasts");
  // The same write through the catalog announces it; both replicas drop what they kept.
  await seedCatalog(h, [
    registryEntry(
      {
        name: SERVER,
        description: "Forecasts, announced",
        remotes: [{ type: "streamable-http", url: "https://mcp.acme.dev/mcp" }],
      },
      { publishedAt: "2025-11-02T10:00:00Z" },
    ),
  ]);
  await until(
    "the new description everywhere",
    async () => {
      const bodies = await Promise.all(replicas.map((r) => read(r)));
      return bodies.every((b) => b.body.description === "Forecasts, announced");
    },
    ANNOUNCED_WITHIN_MS * 5,
  );
});

it("answers 403 on every replica within a second of a block on one of them, and 200 again after", async () => {
  for (const r of replicas) expect((await read(r, "/connection")).status).toBe(200);
  const block = await fetch(`${replicas[0]}/admin/blocklist`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ name: SERVER, reason: "Impersonation" }),
  });
  expect(block.status).toBe(201);
  expect(await msUntil("/connection", 403)).toBeLessThan(ANNOUNCED_WITHIN_MS);
  const unblock = await fetch(`${replicas[1]}/admin/blocklist?name=${encodeURIComponent(SERVER)}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(unblock.status).toBe(204);
  expect(await msUntil("/connection", 200)).toBeLessThan(ANNOUNCED_WITHIN_MS);
});

it("answers 410 on every replica within a second of the catalog recording a deletion", async () => {
  for (const r of replicas) expect((await read(r, "/connection")).status).toBe(200);
  await seedCatalog(h, [
    registryEntry(
      { name: SERVER, description: "Gone" },
      { status: "deleted", publishedAt: "2025-11-03T10:00:00Z" },
    ),
  ]);
  expect(await msUntil("/connection", 410)).toBeLessThan(ANNOUNCED_WITHIN_MS);
  const registry = await fetch(`${replicas[1]}/v0.1/servers/${encodeURIComponent(SERVER)}/versions/latest`);
  expect(
    ((await registry.json()) as { _meta: Record<string, { status: string }> })._meta[
      "io.modelcontextprotocol.registry/official"
    ]?.status,
  ).toBe("deleted");
});
