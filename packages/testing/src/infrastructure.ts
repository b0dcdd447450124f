import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { dropDatabase, ensureDatabase, migrate } from "@catalog/db";
import { redisKeys } from "@catalog/queue";
import { startTestPostgres } from "./postgres-server.js";

/**
 * Real PostgreSQL and Redis for tests. DATABASE_URL / REDIS_URL win when set; otherwise
 * testcontainers starts both where a container runtime exists; where none does (as on these
 * machines) PostgreSQL is the tests' own in-memory server (postgres-server.ts), or the machine's
 * on the standard port where initdb is missing, and Redis the machine's.
 */
export type TestInfrastructure = { postgresUrl: string; redisUrl: string; stop: () => Promise<void> };

const LOCAL_POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres";
const LOCAL_REDIS = "redis://127.0.0.1:6379";

export async function startInfrastructure(
  log: (msg: string) => void = () => undefined,
): Promise<TestInfrastructure> {
  if (process.env.DATABASE_URL && process.env.REDIS_URL) {
    return {
      postgresUrl: process.env.DATABASE_URL,
      redisUrl: process.env.REDIS_URL,
      stop: async () => undefined,
    };
  }
  try {
    const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
    const { RedisContainer } = await import("@testcontainers/redis");
    const [pg, redis] = await Promise.all([
      new PostgreSqlContainer("postgres:15").start(),
      new RedisContainer("redis:7").start(),
    ]);
    log("tests: PostgreSQL and Redis in containers");
    return {
      postgresUrl: pg.getConnectionUri(),
      redisUrl: redis.getConnectionUrl(),
      stop: async () => {
        await Promise.all([pg.stop(), redis.stop()]);
      },
    };
  } catch (err) {
    log(`tests: no container runtime (${(err as Error).message.split("\n")[0]})`);
    return {
      postgresUrl: process.env.DATABASE_URL ?? (await ownPostgres(log)),
      redisUrl: process.env.REDIS_URL ?? LOCAL_REDIS,
      stop: async () => undefined,
    };
  }
}

/** The tests' own in-memory server (postgres-server.ts), else the machine's on the standard port. */
async function ownPostgres(log: (msg: string) => void): Promise<string> {
  try {
    const url = await startTestPostgres();
    // Copying a file beats writing the copy to the WAL when nothing is flushed to disk anyway.
    process.env.TEST_DB_STRATEGY = "FILE_COPY";
    log(`tests: PostgreSQL of the tests' own (${url}), local Redis`);
    return url;
  } catch (err) {
    log(`tests: no PostgreSQL of the tests' own (${(err as Error).message.split("\n")[0]}); the local one`);
    return LOCAL_POSTGRES;
  }
}

/** Hash of the committed migrations: a template database is rebuilt only when they change. */
function migrationsHash(): string {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve("@catalog/db/package.json")), "prisma", "migrations");
  const hash = createHash("sha256");
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith(".toml")) continue;
    hash.update(name).update(readFileSync(path.join(dir, name, "migration.sql")));
  }
  return hash.digest("hex").slice(0, 12);
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A migrated template database; test databases are cheap copies of it. */
export async function prepareTemplate(postgresUrl: string): Promise<string> {
  const name = `catalog_template_${migrationsHash()}`;
  const url = withDatabase(postgresUrl, name);
  if (await ensureDatabase(url)) {
    try {
      await migrate(url);
    } catch (err) {
      await dropDatabase(url);
      throw err;
    }
  }
  return name;
}

/** A fresh, migrated database for one test file (a copy of `template`, the empty one by default). */
export async function createTestDatabase(
  template = requireEnv("TEST_TEMPLATE_DB"),
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = requireEnv("TEST_POSTGRES_URL");
  const url = withDatabase(base, `catalog_test_${randomBytes(6).toString("hex")}`);
  const strategy = process.env.TEST_DB_STRATEGY === "FILE_COPY" ? "FILE_COPY" : undefined;
  await ensureDatabase(url, template, strategy);
  return { url, drop: () => dropDatabase(url) };
}

/** A queue prefix of its own, so parallel test files never share BullMQ keys. */
export function testQueuePrefix(): string {
  return `test-${randomBytes(6).toString("hex")}`;
}

export function testPostgresUrl(): string {
  return requireEnv("TEST_POSTGRES_URL");
}

export function testRedisUrl(): string {
  return requireEnv("TEST_REDIS_URL");
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through jest's global setup`);
  return value;
}

/** Removes every Redis key under a test's queue prefix. */
export async function clearQueuePrefix(redisUrl: string, prefix: string): Promise<void> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(redisUrl);
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", redisKeys(prefix).everything, "COUNT", 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}
