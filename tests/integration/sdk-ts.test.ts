import { CatalogApiError, CatalogClient, RateLimitedError, type ClientOptions } from "@catalog/sdk-ts";
import { createHarness, type Harness } from "@catalog/testing";
import { accountWithKeys } from "../support/accounts.js";
import { startGateway, type RunningGateway } from "../support/gateway.js";
import { importSnapshotSlice } from "../support/snapshot-slice.js";

const UNKNOWN_KEY = `svc_${"Q".repeat(43)}`;

describe("TypeScript SDK against the running gateway", () => {
  let h: Harness;
  let gateway: RunningGateway;
  let strict: RunningGateway;
  let key: string;
  let server: string;
  const savedKey = process.env.SERVICE_API_KEY;

  beforeAll(async () => {
    h = await createHarness();
    const entries = await importSnapshotSlice(h, 40);
    server = entries[0]!.server.name;
    key = (await accountWithKeys(h, "sdk-ts")).keys[0]!;
    gateway = await startGateway(h, () => ({ RATE_LIMIT_ANONYMOUS: "1000" }));
    // Its own Redis namespace: 2 anonymous requests per 2-second window.
    strict = await startGateway(h, () => ({
      QUEUE_PREFIX: `${h.prefix}-strict`,
      RATE_LIMIT_ANONYMOUS: "2",
      RATE_LIMIT_WINDOW_SECONDS: "2",
    }));
  });
  afterAll(async () => {
    process.env.SERVICE_API_KEY = savedKey;
    if (savedKey === undefined) delete process.env.SERVICE_API_KEY;
    await strict.close();
    await gateway.close();
    await h.close();
  });

  /** Whether the service answered as to a keyed call (account quota headers present). */
  async function keyed(options: ClientOptions): Promise<boolean> {
    let headers: Headers | undefined;
    await new CatalogClient({
      baseUrl: gateway.url,
      ...options,
      onResponse: (r) => (headers = r.headers),
    }).registryServers({ limit: 1 });
    return headers!.get("x-quota-limit") !== null;
  }

  describe("key rules", () => {
    afterEach(() => delete process.env.SERVICE_API_KEY);

    it("reads SERVICE_API_KEY when no apiKey is given", async () => {
      process.env.SERVICE_API_KEY = key;
      expect(await keyed({})).toBe(true);
      expect(await keyed({ apiKey: undefined })).toBe(true);
    });

    it("is anonymous without a key", async () => {
      delete process.env.SERVICE_API_KEY;
      expect(await keyed({})).toBe(false);
    });

    it("lets an explicit apiKey override the environment", async () => {
      process.env.SERVICE_API_KEY = UNKNOWN_KEY;
      expect(await keyed({ apiKey: key })).toBe(true);
    });

    it("sends no key for an empty apiKey, whatever the environment says", async () => {
      process.env.SERVICE_API_KEY = key;
      expect(await keyed({ apiKey: "" })).toBe(false);
      expect(new CatalogClient({ apiKey: "" }).sendsKey).toBe(false);
    });

    it("surfaces a refused key as a 401 invalid_api_key error", async () => {
      const client = new CatalogClient({ baseUrl: gateway.url, apiKey: UNKNOWN_KEY });
      const error = await client.registryServers().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CatalogApiError);
      expect(error).toMatchObject({ status: 401, error: "invalid_api_key", nextActions: [] });
    });
  });

  describe("429 retries", () => {
    beforeEach(() => new Promise((r) => setTimeout(r, 2100))); // a fresh window

    it("waits retry-after and retries", async () => {
      const waits: number[] = [];
      const statuses: number[] = [];
      const client = new CatalogClient({
        baseUrl: strict.url,
        apiKey: "",
        onResponse: (r) => statuses.push(r.status),
        sleep: (ms) => {
          waits.push(ms);
          return new Promise((r) => setTimeout(r, ms));
        },
      });
      for (let i = 0; i < 3; i++)
        expect((await client.registryServers({ limit: 1 })).servers).toHaveLength(1);
      expect(statuses).toEqual([200, 200, 429, 200]);
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThan(0);
      expect(waits[0]).toBeLessThanOrEqual(2000);
    });

    it("gives up when the wait is longer than allowed", async () => {
      const client = new CatalogClient({ baseUrl: strict.url, apiKey: "", maxRetryWaitSeconds: 0 });
      await client.registryServers({ limit: 1 });
      await client.registryServers({ limit: 1 });
      const error = await client.registryServers({ limit: 1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error).toMatchObject({ status: 429, error: "rate_limited" });
      expect((error as RateLimitedError).retryAfter).toBeGreaterThan(0);
    });
  });

  describe("endpoints", () => {
    const client = () => new CatalogClient({ baseUrl: gateway.url, apiKey: "" });

    it("health", async () => {
      expect(await client().health()).toMatchObject({ ok: true, mcp: "/mcp" });
    });

    it("registry passthrough: list, versions, one version", async () => {
      const page = await client().registryServers({ limit: 2 });
      expect(page.metadata.count).toBe(2);
      expect(page.metadata.nextCursor).toBeTruthy();
      const found = await client().registryServers({ search: server, version: "latest" });
      expect(found.servers.map((e) => e.server.name)).toEqual([server]);
      expect((await client().registryVersions(server)).servers.length).toBeGreaterThanOrEqual(1);
      const latest = await client().registryVersion(server);
      expect(latest.server.name).toBe(server);
      expect(latest._meta["io.modelcontextprotocol.registry/official"].isLatest).toBe(true);
    });

    it("registry errors keep the official problem", async () => {
      const error = await client()
        .registryVersion("io.example/does-not-exist")
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404, error: "Not Found" });
    });
  });
});
