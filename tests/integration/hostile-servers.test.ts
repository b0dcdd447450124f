import { randomUUID } from "node:crypto";
import { loadConfig } from "@catalog/config";
import type { UrlCheckResult } from "@catalog/contracts";
import { ChecksRepository } from "@catalog/db";
import { entryHash, OFFICIAL_META_KEY } from "@catalog/registry";
import { createHarness, waitForIdle, type Harness } from "@catalog/testing";
import { startModernServer, type RawTool, type TestHttpServer } from "@catalog/testing/mcp";
import type { Worker } from "bullmq";
import { startCatalogWorker } from "../../services/catalog/src/catalog.js";
import { startProber, type Prober } from "../../services/prober/src/prober.js";

/**
 * Text PostgreSQL refuses, from a probed server: U+0000 (neither text nor jsonb holds it) and
 * lone surrogates (jsonb rejects their escapes). Once it failed the write of the check result,
 * which then stayed `running`, and of the catalog's probe and tool rows, freezing the tool
 * history of the server that listed it.
 */
const NUL = "\u0000";
const LONE = "\uD800";
const FFFD = "\uFFFD";
const SERVER = "io.example/hostile";

let h: Harness;
let prober: Prober;
let catalog: Worker;
let server: TestHttpServer & { url: string };
let listed: RawTool[];

beforeAll(async () => {
  h = await createHarness();
  const config = loadConfig({
    ...h.env,
    NODE_ENV: "test",
    URL_POLICY_TEST_MODE: "true",
    PROBE_TIMEOUT_MS: "5000",
    WORKER_LOCK_MS: "5000",
  });
  prober = startProber({ db: h.db, bus: h.bus, log: h.log, config });
  catalog = startCatalogWorker({ db: h.db, bus: h.bus, log: h.log, config });
  server = await startModernServer({ tools: () => listed, name: `hostile${NUL}server` });
  const entry = {
    name: SERVER,
    version: "1.0.0",
    description: "A hostile server.",
    remotes: [] as unknown[],
  };
  entry.remotes = [{ type: "streamable-http", url: server.url }];
  const now = new Date().toISOString();
  const official = { status: "active", publishedAt: now, updatedAt: now, isLatest: true };
  await h.bus.add("catalog", "upsert-version", {
    entry: { server: entry, _meta: { [OFFICIAL_META_KEY]: official } },
    hash: entryHash(entry, official),
    source: "import",
  });
  await waitForIdle(h.bus, ["catalog"]);
});

afterAll(async () => {
  await prober.stop();
  await catalog.close();
  await server.close();
  await h.close();
});

/** Runs one check of the server's remote through the prober's queue; the stored row after it. */
async function check() {
  const checks = new ChecksRepository(h.db.prisma);
  const url = new URL(server.url);
  const row = await checks.create({
    id: randomUUID(),
    url: server.url,
    normalizedUrl: server.url,
    host: url.host,
    serverName: SERVER,
    requester: "ip:test",
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await h.bus.add("prober", "check", { checkId: row.id });
  await waitForIdle(h.bus, ["prober", "catalog"], 30_000);
  return (await checks.find(row.id))!;
}

describe("text PostgreSQL refuses, from a probed server", () => {
  it("is stored replaced: the check finishes, the catalog records the probe and the tools", async () => {
    listed = [
      {
        name: `get${NUL}forecast${LONE}`,
        description: `Forecasts${NUL} for a city ${LONE}and \uDC00 days; emoji kept: 😀.`,
        inputSchema: {
          type: "object",
          properties: { [`city${NUL}`]: { type: "string", description: LONE } },
        },
        annotations: { title: `Forecast${NUL}`, readOnlyHint: true, [`x${LONE}`]: NUL },
      },
      {
        name: "list_cities",
        description: "Lists the cities with forecasts.",
        inputSchema: { type: "object" },
      },
    ];
    const row = await check();
    expect(row.status).toBe("done");
    const result = row.result as UrlCheckResult;
    expect(result.probe.outcome).toBe("ok");
    expect(result.probe.server_info?.name).toBe(`hostile${FFFD}server`);
    expect(result.probe.tools[0]).toMatchObject({
      name: `get${FFFD}forecast${FFFD}`,
      description: `Forecasts${FFFD} for a city ${FFFD}and ${FFFD} days; emoji kept: 😀.`,
      annotations: { title: `Forecast${FFFD}`, readOnlyHint: true, [`x${FFFD}`]: FFFD },
    });
    expect(result.quality.checks.length).toBeGreaterThan(0);

    const tools = await h.db.prisma.tool.findMany({
      where: { serverName: SERVER },
      orderBy: { name: "asc" },
    });
    expect(tools.map((t) => [t.name, t.source])).toEqual([
      [`get${FFFD}forecast${FFFD}`, "check"],
      ["list_cities", "check"],
    ]);
    expect(tools[0]!.inputSchema).toEqual({
      type: "object",
      properties: { [`city${FFFD}`]: { type: "string", description: FFFD } },
    });
    const probe = await h.db.prisma.probe.findFirstOrThrow({ where: { serverName: SERVER } });
    expect(probe.outcome).toBe("ok");
    expect(JSON.stringify(probe.result)).not.toMatch(/\\u0000|\\ud800/i);
  });

  it("keeps the tool history moving when the hostile text changes", async () => {
    listed = [
      {
        name: `get${NUL}forecast${LONE}`,
        description: `Now${NUL} hourly.${LONE}`,
        inputSchema: { type: "object" },
      },
    ];
    const row = await check();
    expect(row.status).toBe("done");
    const changes = await h.db.prisma.toolChange.findMany({
      where: { serverName: SERVER },
      orderBy: { tool: "asc" },
    });
    expect(changes.map((c) => [c.tool, c.kind])).toEqual([
      [`get${FFFD}forecast${FFFD}`, "changed"],
      ["list_cities", "removed"],
    ]);
    expect(changes[0]!.descriptionAfter).toBe(`Now${FFFD} hourly.${FFFD}`);
    expect(await h.db.prisma.toolObservation.count({ where: { serverName: SERVER } })).toBe(2);
  });
});
