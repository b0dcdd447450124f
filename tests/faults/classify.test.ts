import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Database } from "@catalog/db";
import { failureKind, JobBus } from "@catalog/queue";
import { createHarness, type Harness } from "@catalog/testing";
import { RedisServer, sparePort } from "./cluster.js";

/**
 * Which failures a job retries and which fail it at once, on errors the real drivers raise
 * (Prisma over node-postgres, ioredis), not on hand-made copies of them.
 */
async function failure(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (err) {
    return err;
  }
  throw new Error("expected a failure");
}

describe("failure kinds of real driver errors", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("PostgreSQL not listening: transient, through Prisma and through the pool", async () => {
    const down = new Database({
      url: `postgresql://postgres@127.0.0.1:${await sparePort()}/catalog`,
      poolSize: 1,
    });
    try {
      const viaPrisma = await failure(() => down.prisma.mirrorState.findFirst());
      expect((viaPrisma as { code?: string }).code).toBe("P1001");
      expect(failureKind(viaPrisma)).toBe("transient");
      const viaPool = await failure(() => down.pool.query("SELECT 1"));
      expect(failureKind(viaPool)).toBe("transient");
    } finally {
      await down.close();
    }
  });

  it("a connection PostgreSQL terminates (shutdown, failover): transient", async () => {
    const err = await failure(() =>
      h.db.prisma.$queryRawUnsafe("SELECT pg_terminate_backend(pg_backend_pid())"),
    );
    expect(String((err as Error).message)).toMatch(/57P01|terminat/);
    expect(failureKind(err)).toBe("transient");
  });

  it("Redis gone from under a connected job bus: transient", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "catalog-classify-"));
    const redis = new RedisServer(dir, await sparePort());
    await redis.start();
    const bus = new JobBus({ redisUrl: redis.url, prefix: "classify" });
    try {
      await bus.add("search", "index-server", { serverName: "io.x/y" });
      await redis.kill();
      const err = await failure(() => bus.add("search", "index-server", { serverName: "io.x/z" }));
      expect(failureKind(err)).toBe("transient");
    } finally {
      redis.killSync();
      await redis.start(); // lets the bus close cleanly
      await bus.close();
      await redis.kill();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a value PostgreSQL refuses to store (NUL in text, in jsonb) or Prisma refuses to send: permanent", async () => {
    const text = await failure(() =>
      h.db.prisma.mirrorState.create({ data: { source: "nul", lastError: "a\u0000b" } }),
    );
    expect(failureKind(text)).toBe("permanent");
    const json = await failure(() =>
      h.db.prisma.mirrorState.create({ data: { source: "nul-json", lastStats: { note: "a\u0000b" } } }),
    );
    expect(failureKind(json)).toBe("permanent");
    const invalid = await failure(() =>
      h.db.prisma.mirrorState.create({ data: { source: "bad-date", runStartedAt: "yesterday" as never } }),
    );
    expect(failureKind(invalid)).toBe("permanent");
  });

  it("a query error that a later deploy or migration may fix: unknown (retried)", async () => {
    const err = await failure(() => h.db.prisma.$queryRawUnsafe("SELECT no_such_column FROM mirror_state"));
    expect(failureKind(err)).toBe("unknown");
  });
});
