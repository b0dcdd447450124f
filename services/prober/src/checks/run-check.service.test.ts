import type { UrlCheckResult } from "@catalog/contracts";
import { ChecksRepository, type CheckRow } from "@catalog/db";
import { stableJobId } from "@catalog/queue";
import { createHarness, type Harness } from "@catalog/testing";
import { startCardServer, startModernServer, type TestHttpServer } from "@catalog/testing/mcp";
import { SafeHttp } from "@catalog/url-policy";
import { HostSlots } from "../host-slots.js";
import { ProbeRunner } from "../probe-runner.js";
import { RunCheckService } from "./run-check.service.js";

const SERVER = "io.example/weather";

describe("RunCheckService (real PostgreSQL and Redis, a local MCP server)", () => {
  let h: Harness;
  let http: SafeHttp;
  let mcp: TestHttpServer & { url: string };
  let checks: ChecksRepository;
  let service: RunCheckService;
  beforeAll(async () => {
    h = await createHarness();
    // It says too little of itself: a check of a catalog remote judges the catalog's description.
    mcp = await startModernServer({ description: "Weather" });
    http = new SafeHttp({ testMode: true }); // loopback and plain http allowed
    checks = new ChecksRepository(h.db.prisma);
    service = new RunCheckService(
      checks,
      // Generous: nothing here waits the deadline out, and a loaded machine must not cut a listing short.
      new ProbeRunner(http, { timeoutMs: 30_000 }),
      new HostSlots(h.bus.redis(), h.prefix, 1, 10_000),
      h.bus,
    );
    await h.db.prisma.server.create({
      data: {
        name: SERVER,
        namespace: "io.example",
        description: "Weather forecasts for cities.",
        firstPublishedAt: new Date(),
        updatedAt: new Date(),
      },
    });
  });
  afterAll(async () => {
    await http.close();
    await mcp.close();
    await h.close();
  });

  const create = (id: string, serverName: string | null = null) =>
    checks.create({
      id,
      url: mcp.url,
      normalizedUrl: mcp.url,
      host: new URL(mcp.url).host,
      serverName,
      requester: "ip:test",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  /** Runs the check's job as the prober's worker does. */
  const run = async (id: string) =>
    service.run(id, await h.bus.add("prober", "check", { checkId: id }), undefined);
  const catalogJobs = () => h.bus.queue("catalog").getJobs(["waiting"]);
  // A URL check's result (the prober runs no other).
  const urlResult = (check: CheckRow | null) => check!.result! as UrlCheckResult;
  const checkOf = (result: UrlCheckResult, id: string) =>
    result.quality.checks.find((c) => c.id === id)?.status;

  it("probes the URL and stores the check's probe, quality, readiness and tool risk", async () => {
    await create("plain");
    expect(await run("plain")).toBe("done");
    const check = await checks.find("plain");
    expect(check).toMatchObject({
      status: "done",
      startedAt: expect.any(Date),
      finishedAt: expect.any(Date),
    });
    const result = urlResult(check);
    expect(result.probe).toMatchObject({ outcome: "ok", tool_count: 3 });
    expect(checkOf(result, "stability")).toBe("na"); // one probe, no history
    expect(checkOf(result, "tools_listed")).toBe("pass");
    expect(checkOf(result, "description_present")).toBe("fail"); // "Weather", from the server itself
    expect(result.readiness.map((d) => d.directory)).toEqual(["claude", "chatgpt"]);
    expect(result.tool_risk?.flags).toEqual(expect.any(Array));
    expect(await catalogJobs()).toEqual([]); // of no catalog server
  });

  it("hands the check of a catalog server's remote to the catalog, with the tools it listed", async () => {
    await create("remote", SERVER);
    expect(await run("remote")).toBe("done");
    const result = urlResult(await checks.find("remote"));
    expect(checkOf(result, "description_present")).toBe("pass");
    const [job, ...others] = await catalogJobs();
    expect(others).toEqual([]);
    expect(job!.id).toBe(stableJobId("check", "remote"));
    expect(job!.data).toMatchObject({
      serverName: SERVER,
      url: mcp.url,
      scheduled: false,
      result: { outcome: "ok" },
    });
    expect(job!.data.tools.map((t: { name: string }) => t.name)).toEqual([
      "get_forecast",
      "list_cities",
      "delete_alert",
    ]);
  });

  it("skips a check it does not know or that is done, and never changes a finished one", async () => {
    const requests = mcp.requests.length;
    expect(await run("unknown")).toBe("skipped");
    expect(await run("remote")).toBe("skipped");
    await h.bus.queue("catalog").drain();
    await service.giveUp((await checks.find("remote"))!, "lost");
    expect((await checks.find("remote"))!.result!.probe.outcome).toBe("ok");
    expect(await catalogJobs()).toEqual([]);
    expect(mcp.requests.length).toBe(requests);
  });

  it("gives up on a check that could not run in time as a timeout with the reason, and tells the catalog", async () => {
    const check = await create("late", SERVER);
    await service.giveUp(check, "The check could not be run within 15 minutes.");
    const stored = (await checks.find("late"))!;
    expect(stored.status).toBe("done");
    expect(stored.result!.probe).toMatchObject({
      outcome: "timeout",
      detail: "The check could not be run within 15 minutes.",
      url: mcp.url,
    });
    expect(checkOf(urlResult(stored), "remote_reachable")).toBe("fail");
    const [job] = await catalogJobs();
    expect(job!.id).toBe(stableJobId("check", "late"));
    expect(job!.data).toMatchObject({ serverName: SERVER, result: { outcome: "timeout" }, tools: [] });
  });

  it("compares the server card it read with the catalog's listing of the server", async () => {
    const CARDED = "io.example/carded";
    const card = await startCardServer({
      "/mcp/server-card": {
        body: JSON.stringify({
          name: "io.other/carded",
          remotes: [{ type: "streamable-http", url: "https://elsewhere.example/mcp" }],
        }),
      },
    });
    try {
      const at = new Date();
      await h.db.prisma.server.create({
        data: {
          name: CARDED,
          namespace: "io.example",
          description: "A server with a card.",
          firstPublishedAt: at,
          updatedAt: at,
        },
      });
      await h.db.prisma.serverVersion.create({
        data: {
          serverName: CARDED,
          version: "1.0.0",
          serverJson: {
            name: CARDED,
            version: "1.0.0",
            remotes: [{ type: "streamable-http", url: card.url }],
          },
          officialMeta: {},
          status: "active",
          publishedAt: at,
          updatedAt: at,
          isLatest: true,
          contentHash: "hash",
        },
      });
      await checks.create({
        id: "carded",
        url: card.url,
        normalizedUrl: card.url,
        host: new URL(card.url).host,
        serverName: CARDED,
        requester: "ip:test",
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      expect(await run("carded")).toBe("done");
      const result = urlResult(await checks.find("carded"));
      expect(result.probe.server_card).toMatchObject({ status: "found", location: "server-card" });
      expect(result.server_card).toEqual({
        status: "found",
        location: "server-card",
        url: `${card.url}/server-card`,
        agrees: false,
        name: { card: "io.other/carded", listing: CARDED },
        remotes_not_listed: ["https://elsewhere.example/mcp"],
        remotes_not_on_card: [card.url],
        embeds: [],
      });
    } finally {
      await card.close();
    }
  });
});
