import { createMetrics } from "@catalog/observability";
import { createHarness, type Harness } from "@catalog/testing";
import { startReadCache } from "../../services/gateway/src/read-cache/index.js";
import { accountWithKeys } from "../support/accounts.js";
import { serveGateway, type RunningGateway } from "../support/gateway.js";
import { registryEntry, seedCatalog } from "../support/read-api.js";

/**
 * The fast lane answers a kept anonymous GET before the middleware and routes: its answers must
 * be the routes' answers (status, headers, body), with the limits still applied and keyed
 * requests left to the routes.
 */
const SERVER = "io.github.acme/weather";
const PATHS = [
  `/v1/servers/${encodeURIComponent(SERVER)}`,
  `/v1/servers/${SERVER}/connection?target=vscode`,
  `/v1/servers/${SERVER}/tools`,
  `/v0.1/servers/${encodeURIComponent(SERVER)}/versions/latest`,
  `/v0.1/servers?limit=5`,
];

let h: Harness;
const running: { gateway: RunningGateway; reads: ReturnType<typeof startReadCache> }[] = [];

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(h, [
    registryEntry({
      name: SERVER,
      description: "Forecasts",
      remotes: [{ type: "streamable-http", url: "https://mcp.acme.dev/mcp" }],
    }),
  ]);
});
afterAll(async () => {
  for (const { gateway, reads } of running) {
    await gateway.close();
    await reads.close();
  }
  await h?.close();
});

/** A gateway with its own read cache, once the cache hears the change channel (it keeps nothing before). */
async function gateway(settings: Record<string, string>, metrics = createMetrics("gateway")) {
  const reads = startReadCache({
    REDIS_URL: h.redisUrl,
    QUEUE_PREFIX: h.prefix,
    READ_CACHE_MAX_BYTES: 1 << 20,
    READ_CACHE_TTL_MS: 60_000,
  });
  const g = await serveGateway(h, () => settings, { readCache: reads.cache, metrics });
  running.push({ gateway: g, reads });
  const deadline = Date.now() + 10_000;
  while (!reads.cache.isListening && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return { url: g.url, reads: reads.cache };
}

type Answer = { status: number; headers: Record<string, string>; body: string };
async function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  const res = await fetch(url, { method, headers });
  const all = Object.fromEntries(
    [...res.headers].filter(([k]) => !["date", "x-request-id", "keep-alive", "connection"].includes(k)),
  );
  return { status: res.status, headers: all, body: await res.text() };
}

describe("the fast lane", () => {
  it("answers a kept read exactly as the routes did, 304 and HEAD included", async () => {
    const metrics = createMetrics("gateway");
    const g = await gateway({ RATE_LIMIT_ENABLED: "false" }, metrics);
    for (const path of PATHS) {
      const first = await get(g.url + path);
      expect([path, first.status]).toEqual([path, 200]);
      // Kept after the first answer: the second comes from the fast lane.
      const second = await get(g.url + path);
      expect(second).toEqual(first);
      const notModified = await get(g.url + path, { "if-none-match": first.headers.etag! });
      expect([notModified.status, notModified.body, notModified.headers.etag]).toEqual([
        304,
        "",
        first.headers.etag,
      ]);
      const head = await get(g.url + path, {}, "HEAD");
      expect([head.status, head.body, head.headers["content-length"]]).toEqual([
        200,
        "",
        first.headers["content-length"],
      ]);
    }
    expect(g.reads.stats.entries).toBeGreaterThanOrEqual(PATHS.length);
    // Each path's second GET, its 304 and its HEAD came from the fast lane.
    expect((await metrics.fastLaneAnswers.get()).values[0]?.value).toBe(3 * PATHS.length);
  });

  it("gives each answer its own request id, keeping a sane incoming one", async () => {
    const g = await gateway({ RATE_LIMIT_ENABLED: "false" });
    const url = g.url + PATHS[0]!;
    await fetch(url);
    const ids = await Promise.all([0, 1].map(async () => (await fetch(url)).headers.get("x-request-id")));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(
      (await fetch(url, { headers: { "x-request-id": "trace-12345678" } })).headers.get("x-request-id"),
    ).toBe("trace-12345678");
  });

  it("leaves keyed requests to the routes (private answers, counted per account)", async () => {
    const g = await gateway({ RATE_LIMIT_ENABLED: "false" });
    const { keys } = await accountWithKeys(h, "fast-lane-keyed");
    const url = g.url + PATHS[0]!;
    await fetch(url);
    expect((await fetch(url)).headers.get("cache-control")).toMatch(/^public/);
    const keyed = await fetch(url, { headers: { "x-api-key": keys[0]! } });
    expect([keyed.status, keyed.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
  });

  it("spends one point of the anonymous limit per request and refuses as the routes do", async () => {
    const g = await gateway({ RATE_LIMIT_ENABLED: "true", RATE_LIMIT_ANONYMOUS: "4" });
    const url = g.url + PATHS[3]!;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(url)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await fetch(url);
    expect(await refused.json()).toMatchObject({ error: "rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("counts its answers in the request metrics under the route's template, and on their own", async () => {
    const metrics = createMetrics("gateway");
    const g = await gateway({ RATE_LIMIT_ENABLED: "false" }, metrics);
    for (let i = 0; i < 3; i++) await fetch(g.url + PATHS[1]!);
    const text = await metrics.registry.metrics();
    // The first answer took the routes and kept the answer; the next two took the fast lane.
    expect(text).toMatch(/catalog_fast_lane_answers_total\{service="gateway"\} 2\b/);
    expect(text).toMatch(
      /catalog_http_requests_total\{route="\/v1\/servers\/\{name\}\/connection",method="GET",status="200",service="gateway"\} 3\b/,
    );
  });

  describe("MCP tool calls", () => {
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const rpc = (url: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(`${url}/mcp`, {
        method: "POST",
        headers: { ...headers, ...extra },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    const call = (id: number | string, name: string, args: Record<string, unknown>) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name, arguments: args },
    });
    const answered = async (metrics: ReturnType<typeof createMetrics>) =>
      (await metrics.fastLaneAnswers.get()).values[0]?.value ?? 0;

    it("answers a kept read tool's call again as the SDK did, under the new id", async () => {
      const metrics = createMetrics("gateway");
      const g = await gateway({ RATE_LIMIT_ENABLED: "false" }, metrics);
      for (const [tool, args] of [
        ["get_server", { name: SERVER }],
        ["get_connection", { name: SERVER, target: "vscode" }],
        ["list_tools", { name: SERVER, limit: 5 }],
      ] as const) {
        const before = await answered(metrics);
        const first = await rpc(g.url, call(1, tool, args));
        const firstBody = (await first.json()) as { id: number };
        const second = await rpc(g.url, call("again", tool, { ...args }));
        const secondBody = (await second.json()) as { id: string };
        expect(await answered(metrics)).toBe(before + 1);
        expect([second.status, secondBody.id]).toEqual([200, "again"]);
        expect({ ...secondBody, id: 1 }).toEqual(firstBody);
        const omit = (h: Headers) =>
          [...h].filter(
            ([k]) =>
              ![
                "date",
                "x-request-id",
                "content-length",
                "transfer-encoding",
                "keep-alive",
                "connection",
              ].includes(k),
          );
        expect(omit(second.headers)).toEqual(omit(first.headers));
      }
    });

    it("answers again through the SDK once the server changed", async () => {
      const metrics = createMetrics("gateway");
      const g = await gateway({ RATE_LIMIT_ENABLED: "false" }, metrics);
      await rpc(g.url, call(1, "get_server", { name: SERVER }));
      g.reads.changed(SERVER);
      const after = await rpc(g.url, call(2, "get_server", { name: SERVER }));
      expect(after.status).toBe(200);
      expect(await answered(metrics)).toBe(0);
    });

    it("leaves other messages, broken bodies and keyed calls to the route, which answers as before", async () => {
      const metrics = createMetrics("gateway");
      const g = await gateway({ RATE_LIMIT_ENABLED: "false" }, metrics);
      const listed = await rpc(g.url, { jsonrpc: "2.0", id: 1, method: "tools/list" });
      expect(((await listed.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(
        3,
      );
      const broken = await rpc(g.url, "{not json");
      expect([broken.status, ((await broken.json()) as { error: { code: number } }).error.code]).toEqual([
        400, -32700,
      ]);
      const { keys } = await accountWithKeys(h, "fast-lane-mcp");
      await rpc(g.url, call(1, "get_server", { name: SERVER }));
      const keyed = await rpc(g.url, call(2, "get_server", { name: SERVER }), { "x-api-key": keys[0]! });
      expect(keyed.status).toBe(200);
      expect(await answered(metrics)).toBe(0);
    });
  });

  it("drops a view's kept answers when the view is edited", async () => {
    const token = "admin-token-for-the-fast-lane";
    const g = await gateway({ RATE_LIMIT_ENABLED: "false", ADMIN_TOKEN: token, VIEWS_REFRESH_MS: "0" });
    const define = (allow: string) =>
      fetch(`${g.url}/admin/views/lane`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ title: "Lane", description: "", rules: { allow_names: [allow] } }),
      });
    const names = async () =>
      (
        (await (await fetch(`${g.url}/views/lane/v0.1/servers`)).json()) as {
          servers: { server: { name: string } }[];
        }
      ).servers.map((e) => e.server.name);
    expect((await define("io.github.acme/*")).status).toBe(201);
    expect(await names()).toEqual([SERVER]);
    expect(await names()).toEqual([SERVER]); // kept, answered by the lane
    expect((await define("com.nobody/*")).status).toBe(200);
    // The edit is announced on Redis; the replica forgets what it kept as soon as it hears it.
    const deadline = Date.now() + 5_000;
    let seen = await names();
    while (seen.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await names();
    }
    expect(seen).toEqual([]);
  });
});
