import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isPackageCheckResult, type PackageCheckResult, type PackageRef } from "@catalog/contracts";
import { ChecksRepository, type CheckRow } from "@catalog/db";
import { createMetrics } from "@catalog/observability";
import { createHarness, type Harness } from "@catalog/testing";
import { RunPackageCheckService } from "./run-package-check.service.js";

const FIXTURES = join(process.cwd(), "tests/fixtures/introspection");
// Nothing listens there: the fixture is installed from its packed tarball, offline.
const DEAD_REGISTRY = "http://127.0.0.1:9/";
// An install and a start on a loaded 2-core machine.
const LONG = 180_000;
const PKG: PackageRef = { registry_type: "npm", identifier: "introspection-fixture-tools", version: "1.0.0" };

describe("RunPackageCheckService (real PostgreSQL, the real sandbox)", () => {
  let h: Harness;
  let checks: ChecksRepository;
  const work = mkdtempSync(join(tmpdir(), "package-check-test-"));
  const tarball = execFileSync(
    "npm",
    ["pack", "--silent", "--pack-destination", work, join(FIXTURES, "tools")],
    { encoding: "utf8" },
  ).trim();
  const metrics = createMetrics("prober");
  const service = () =>
    new RunPackageCheckService(
      checks,
      {
        cache: {
          dir: join(work, "cache"),
          maxBytes: 50 * 1024 * 1024,
          registry: DEAD_REGISTRY,
          fetchRetries: 0,
        },
        source: join(work, tarball),
        limits: { deadlineMs: 60_000 },
      },
      metrics,
    );

  beforeAll(async () => {
    h = await createHarness();
    checks = new ChecksRepository(h.db.prisma);
  });
  afterAll(async () => {
    await h.close();
    rmSync(work, { recursive: true, force: true });
  });

  const create = (id: string, pkg: PackageRef | null): Promise<CheckRow> =>
    checks.create({
      id,
      url: pkg ? null : "https://mcp.example.com/mcp",
      package: pkg,
      normalizedUrl: pkg ? `npm:${pkg.identifier}@${pkg.version}` : "https://mcp.example.com/mcp",
      host: pkg ? "npm" : "mcp.example.com",
      serverName: null,
      requester: "ip:test",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  const resultOf = async (id: string): Promise<PackageCheckResult> => {
    const result = (await checks.find(id))?.result;
    if (!result || !isPackageCheckResult(result)) throw new Error(`check ${id} has no package result`);
    return result;
  };
  const counted = async (outcome: string) =>
    (await metrics.introspectionOutcomes.get()).values.find(
      (v) => v.labels.outcome === outcome && v.labels.kind === "check",
    )?.value ?? 0;

  it(
    "starts the package in the sandbox and stores what it listed, with the tools' risk, once",
    async () => {
      await create("pkg-tools", PKG);
      expect(await service().run("pkg-tools")).toBe("done");
      expect(await checks.find("pkg-tools")).toMatchObject({ status: "done", startedAt: expect.any(Date) });
      const { probe, tool_risk } = await resultOf("pkg-tools");
      expect(probe).toMatchObject({
        package: PKG,
        outcome: "tools",
        server_info: { name: "fixture-weather", version: "1.0.0" },
        tool_count: 2,
        prompts: ["plan_trip"],
        resources: ["weather://stations"],
      });
      expect(probe.tools.map((t) => t.name)).toEqual(["get_forecast", "delete_alert"]);
      expect(tool_risk).toEqual({ flags: [], findings: [], trifecta: null });
      expect(await counted("tools")).toBe(1);
      // A finished check is not run again.
      expect(await service().run("pkg-tools")).toBe("skipped");
      expect(await counted("tools")).toBe(1);
    },
    LONG,
  );

  it("leaves a URL's check and an unknown id to others", async () => {
    await create("url-check", null);
    expect(await service().run("url-check")).toBe("skipped");
    expect(await service().run("no-such-check")).toBe("skipped");
    expect((await checks.find("url-check"))?.status).toBe("queued");
  });

  it("gives up on a check it could not run as timed out, with the reason", async () => {
    const check = await create("pkg-late", { ...PKG, version: null });
    await service().giveUp(check, "Not run within 15 minutes; ask again.");
    const { probe, tool_risk } = await resultOf("pkg-late");
    expect(probe).toMatchObject({
      package: { ...PKG, version: null },
      outcome: "timed_out",
      detail: "Not run within 15 minutes; ask again.",
      tools: [],
    });
    expect(tool_risk.flags).toEqual([]);
    expect(await counted("timed_out")).toBe(1);
  });
});
