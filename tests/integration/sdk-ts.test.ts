import { CATEGORIES } from "@catalog/contracts";
import {
  CatalogApiError,
  CatalogClient,
  CheckTimeoutError,
  RateLimitedError,
  type ClientOptions,
} from "@catalog/sdk-ts";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startSdkStack, type SdkStack } from "../support/sdk-stack.js";

const UNKNOWN_KEY = `svc_${"Q".repeat(43)}`;

describe("TypeScript SDK against the running service", () => {
  let stack: SdkStack;
  const savedKey = process.env.SERVICE_API_KEY;

  beforeAll(async () => {
    stack = await startSdkStack();
  }, 180_000);
  afterAll(async () => {
    if (savedKey === undefined) delete process.env.SERVICE_API_KEY;
    else process.env.SERVICE_API_KEY = savedKey;
    await stack?.stop();
  });

  const anonymous = () => new CatalogClient({ baseUrl: stack.url, apiKey: "" });

  /** Whether the service answered as to a keyed call (account quota headers present). */
  async function keyed(options: ClientOptions): Promise<boolean> {
    let headers: Headers | undefined;
    const client = new CatalogClient({
      baseUrl: stack.url,
      ...options,
      onResponse: (r) => (headers = r.headers),
    });
    await client.listCategories();
    return headers!.get("x-quota-limit") !== null;
  }

  describe("key rules", () => {
    afterEach(() => delete process.env.SERVICE_API_KEY);

    it("reads SERVICE_API_KEY when no apiKey is given", async () => {
      process.env.SERVICE_API_KEY = stack.key;
      expect(await keyed({})).toBe(true);
      expect(await keyed({ apiKey: undefined })).toBe(true);
    });

    it("is anonymous without a key", async () => {
      expect(await keyed({})).toBe(false);
    });

    it("lets an explicit apiKey override the environment", async () => {
      process.env.SERVICE_API_KEY = UNKNOWN_KEY;
      expect(await keyed({ apiKey: stack.key })).toBe(true);
    });

    it("sends no key for an empty apiKey, whatever the environment says", async () => {
      process.env.SERVICE_API_KEY = stack.key;
      expect(await keyed({ apiKey: "" })).toBe(false);
      expect(new CatalogClient({ apiKey: "" }).sendsKey).toBe(false);
    });

    it("surfaces a refused key as a 401 invalid_api_key error", async () => {
      const client = new CatalogClient({ baseUrl: stack.url, apiKey: UNKNOWN_KEY });
      const error = await client.listCategories().catch((e: unknown) => e);
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
        baseUrl: stack.strictUrl,
        apiKey: "",
        onResponse: (r) => statuses.push(r.status),
        sleep: (ms) => {
          waits.push(ms);
          return new Promise((r) => setTimeout(r, ms));
        },
      });
      for (let i = 0; i < 3; i++)
        expect((await client.listCategories()).categories).toHaveLength(CATEGORIES.length);
      expect(statuses).toEqual([200, 200, 429, 200]);
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThan(0);
      expect(waits[0]).toBeLessThanOrEqual(2000);
    });

    it("gives up when the wait is longer than allowed", async () => {
      const client = new CatalogClient({ baseUrl: stack.strictUrl, apiKey: "", maxRetryWaitSeconds: 0 });
      await client.listCategories();
      await client.listCategories();
      const error = await client.listCategories().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error).toMatchObject({ status: 429, error: "rate_limited" });
      expect((error as RateLimitedError).retryAfter).toBeGreaterThan(0);
    });

    it("retries a 503 of a service whose database is away, after its retry-after, then throws it", async () => {
      const waits: number[] = [];
      const statuses: number[] = [];
      const client = new CatalogClient({
        baseUrl: stack.unavailableUrl,
        apiKey: "",
        maxRetries: 2,
        onResponse: (r) => statuses.push(r.status),
        sleep: async (ms) => void waits.push(ms),
      });
      const error = await client.getServer(stack.server).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CatalogApiError);
      expect(error).not.toBeInstanceOf(RateLimitedError);
      expect(error).toMatchObject({ status: 503, error: "service_unavailable" });
      expect(waits).toEqual([5000, 5000]);
      expect(statuses).toEqual([503, 503, 503]);
    });
  });

  describe("errors that say why", () => {
    it("carries the code, the reason per field and a message a person reads", async () => {
      const error = (await anonymous()
        .search("weather", { limit: 51 })
        .catch((e: unknown) => e)) as CatalogApiError;
      expect(error).toBeInstanceOf(CatalogApiError);
      expect([error.status, error.code]).toEqual([400, "bad_request"]);
      expect(error.fieldErrors.limit).toEqual(["limit must be a whole number from 1 to 50"]);
      expect(error.message).toBe("400 bad_request - limit: limit must be a whole number from 1 to 50");
      expect(error.nextActions[0]?.request.path).toMatch(/^\/v1\/search\?q=/);
    });

    it("reads the official registry's problems the same way", async () => {
      const error = (await anonymous()
        .registryServers({ limit: 0 })
        .catch((e: unknown) => e)) as CatalogApiError;
      expect([error.status, error.code, error.reason]).toEqual([
        422,
        "Unprocessable Entity",
        "validation failed",
      ]);
      expect(error.fieldErrors).toEqual({ limit: ["expected number >= 1"] });
      expect(error.message).toContain("limit: expected number >= 1");
    });
  });

  describe("REST endpoints", () => {
    it("search", async () => {
      const body = await anonymous().search("weather forecast", { limit: 5, class: ["R0", "unknown"] });
      expect(body.mode).toBe("keyword");
      expect(body.results.map((r) => r.name)).toContain(stack.server);
      expect(body.next_actions.length).toBeGreaterThan(0);
    });

    it("server descriptor, with and without schemas", async () => {
      const plain = await anonymous().getServer(stack.server);
      expect(plain.name).toBe(stack.server);
      const full = await anonymous().getServer(stack.server, { schemas: true });
      expect(full.tools?.[0]?.input_schema).toBeDefined();
    });

    it("tools, page by page", async () => {
      const page = await anonymous().listTools(stack.server, { limit: 2 });
      expect(page).toMatchObject({ server: stack.server, count: 2 });
      expect(page.next_cursor).toBeTruthy();
      const names: string[] = [];
      for await (const tool of anonymous().iterTools(stack.server, { pageSize: 2 })) names.push(tool.name);
      expect(names).toEqual(["delete_alert", "get_forecast", "list_cities"]);
    });

    it("tool history, connection, quality, dependencies, categories", async () => {
      const client = anonymous();
      expect((await client.getToolHistory(stack.server, { limit: 10 })).entries).toEqual([]);
      const connection = await client.getConnection(stack.server, { target: "vscode" });
      expect(connection).toMatchObject({ server: stack.server, kind: "remote", target: "vscode" });
      const quality = await client.getQuality(stack.server, { days: 7 });
      expect(quality).toMatchObject({ server: stack.server, days: 7, blocked: false });
      const dependencies = await client.getDependencies(stack.server);
      expect(dependencies).toMatchObject({ server: stack.server, packages: [] });
      expect((await client.listCategories()).categories.map((c) => c.id)).toEqual(
        CATEGORIES.map((c) => c.id),
      );
      const views = (await client.listViews()).views;
      expect(views.map((v) => v.name)).toEqual(["verified", "reachable", "no-critical-advisories"]);
      expect(views.every((v) => v.builtin && v.servers >= 0)).toBe(true);
      const vscode = await client.exportView("verified", "vscode");
      expect(vscode).toMatchObject({ view: "verified", client: "vscode", omitted: [] });
      expect(vscode.file["chat.mcp.access"]).toBe("registry");
    });

    it("an unknown server is a typed 404 with next actions", async () => {
      const error = await anonymous()
        .getServer("io.example/does-not-exist")
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404, error: "server_not_found" });
      expect((error as CatalogApiError).nextActions.length).toBeGreaterThan(0);
    });

    it("health and the registry passthrough", async () => {
      const client = anonymous();
      expect(await client.health()).toMatchObject({ ok: true, mcp: "/mcp" });
      const page = await client.registryServers({ limit: 2 });
      expect(page.metadata.count).toBe(2);
      const found = await client.registryServers({ search: stack.registryServer, version: "latest" });
      expect(found.servers.map((e) => e.server.name)).toEqual([stack.registryServer]);
      expect((await client.registryVersions(stack.registryServer)).servers.length).toBeGreaterThanOrEqual(1);
      expect((await client.registryVersion(stack.registryServer)).server.name).toBe(stack.registryServer);
      const missing = await client.registryVersion("io.example/does-not-exist").catch((e: unknown) => e);
      expect(missing).toMatchObject({ status: 404, error: "Not Found" });
    });
  });

  describe("check flow", () => {
    it("start without waiting, then poll until done", async () => {
      const client = anonymous();
      const started = await client.startCheck(await stack.freshRemote(), { wait: 0 });
      expect(started.status).not.toBe("done");
      const done = await client.waitForCheck(started.id, { timeoutMs: 30_000 });
      expect(done.status).toBe("done");
      expect(done.result?.probe.outcome).toBe("ok");
      expect(await client.getCheck(done.id)).toEqual(done);
    });

    it("start and wait in one call", async () => {
      const done = await anonymous().check(await stack.freshRemote(), { timeoutMs: 30_000 });
      expect(done).toMatchObject({ status: "done", result: { probe: { outcome: "ok" } } });
    });

    it("gives up polling at the deadline", async () => {
      const client = anonymous();
      const started = await client.startCheck(await stack.freshRemote(), { wait: 0 });
      const error = await client
        .waitForCheck({ ...started, status: "queued" }, { timeoutMs: 0 })
        .catch((e) => e);
      expect(error).toBeInstanceOf(CheckTimeoutError);
    });

    it("a refused URL is a typed 400", async () => {
      const error = await anonymous()
        .startCheck("ftp://example.test/")
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 400, error: "invalid_url" });
    });
  });

  describe("as a user installs it", () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
    const run = promisify(execFile);
    let work: string;
    beforeAll(() => void (work = mkdtempSync(path.join(tmpdir(), "sdk-ts-"))));
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    it("packs, installs into an empty folder offline, type-checks and runs an example", async () => {
      await run("pnpm", ["pack", "--pack-destination", work], { cwd: path.join(root, "packages/sdk-ts") });
      const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"))!;
      const app = path.join(work, "app");
      await run("mkdir", ["-p", app]);
      writeFileSync(path.join(app, "package.json"), JSON.stringify({ private: true, type: "module" }));
      await run("npm", ["install", "--offline", "--no-audit", "--no-fund", path.join(work, tarball)], {
        cwd: app,
      });
      writeFileSync(path.join(app, "example.ts"), EXAMPLE);
      writeFileSync(
        path.join(app, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            module: "nodenext",
            target: "es2022",
            strict: true,
            lib: ["es2022", "dom"],
            types: [],
          },
          files: ["example.ts"],
        }),
      );
      // The installed types alone (no workspace package to fall back on) must check the example.
      await run(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", app], {
        cwd: app,
      });
      const { stdout } = await run(process.execPath, ["example.js", stack.url, stack.server], { cwd: app });
      expect(JSON.parse(stdout)).toEqual({
        found: true,
        tools: expect.any(Number),
        config: "application/json",
        error: ["400 bad_request - limit: limit must be a whole number from 1 to 50", "GET"],
      });
    }, 120_000);
  });
});

/** What a user writes against the installed package; compiled by tsc, run by node. */
const EXAMPLE = `
import { CatalogApiError, CatalogClient, type ServerDescriptor } from "@catalog/sdk-ts";

declare const process: { argv: string[] };

const [baseUrl, name] = process.argv.slice(2) as [string, string];
const catalog = new CatalogClient({ baseUrl, apiKey: "" });
const found = await catalog.search("weather forecast", { limit: 5 });
const server: ServerDescriptor = await catalog.getServer(name);
const connection = await catalog.getConnection(name, { target: "vscode" });
let error: [string, string] | undefined;
try {
  await catalog.search("weather", { limit: 51 });
} catch (e) {
  if (e instanceof CatalogApiError) error = [e.message, e.nextActions[0]?.request.method ?? ""];
}
console.log(JSON.stringify({
  found: found.results.some((r) => r.name === name),
  tools: server.tool_count,
  config: connection.content_type,
  error,
}));
`;
