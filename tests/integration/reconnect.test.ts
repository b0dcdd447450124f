import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { Database } from "@catalog/db";
import { JobBus } from "@catalog/queue";
import { createTestDatabase } from "@catalog/testing";

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("reconnecting after the data services restart", () => {
  it("the job bus keeps producing and consuming across a Redis restart", async () => {
    const port = await freePort();
    const startRedis = (): ChildProcess =>
      spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        {
          stdio: "ignore",
        },
      );
    let redis = startRedis();
    const bus = new JobBus({ redisUrl: `redis://127.0.0.1:${port}`, prefix: "reconnect" });
    try {
      await until(() => bus.ping());
      const processed: string[] = [];
      bus.worker("search", { "index-server": async (data) => void processed.push(data.serverName) });
      await bus.add("search", "index-server", { serverName: "io.x/before" });
      await until(async () => processed.includes("io.x/before"));

      redis.kill("SIGKILL");
      await once(redis, "exit");
      expect(await bus.ping()).toBe(false);
      redis = startRedis();
      await until(() => bus.ping());
      await bus.add("search", "index-server", { serverName: "io.x/after" });
      await until(async () => processed.includes("io.x/after"), 30_000);
    } finally {
      await bus.close();
      redis.kill("SIGKILL");
    }
  });

  it("the database pool replaces connections that PostgreSQL dropped", async () => {
    const database = await createTestDatabase();
    const db = new Database({ url: database.url, poolSize: 4 });
    const admin = new Database({ url: database.url, poolSize: 1 });
    try {
      await Promise.all([db.prisma.server.count(), db.pool.query("SELECT 1"), db.pool.query("SELECT 1")]);
      expect(db.pool.totalCount).toBeGreaterThan(0);
      // What a PostgreSQL restart looks like from the client: every backend connection is cut.
      await admin.pool.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      await until(() => db.ping());
      expect(await db.prisma.server.count()).toBe(0);
    } finally {
      await db.close();
      await admin.close();
      await database.drop();
    }
  });
});
