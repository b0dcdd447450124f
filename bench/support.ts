import { readdirSync, readFileSync } from "node:fs";
import type { JobBus } from "@catalog/queue";
import { importJob, prepareTemplate, startInfrastructure } from "@catalog/testing";
import type { generateCatalog } from "./generate-catalog.js";

/** Real PostgreSQL and Redis for a benchmark run, as jest's global setup provides them to tests. */
export async function benchInfrastructure(): Promise<void> {
  const infra = await startInfrastructure((msg) => process.stderr.write(`${msg}\n`));
  process.env.TEST_POSTGRES_URL = infra.postgresUrl;
  process.env.TEST_REDIS_URL = infra.redisUrl;
  process.env.TEST_TEMPLATE_DB = await prepareTemplate(infra.postgresUrl);
}

export const round = (x: number, digits = 3) => Number(x.toFixed(digits));

/**
 * CPU seconds (user and system) spent so far by processes, read from /proc (Linux): by the
 * given pids, and by every process named `postgres` (the server and its backends).
 */
export function cpuSeconds(pids: Record<string, number | undefined>): Record<string, number> {
  const ticks = 100; // USER_HZ on Linux
  const of = (pid: number | string): number => {
    try {
      // Fields after the command name (which may hold spaces): state is 3rd, utime 14th, stime 15th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      return 0;
    }
  };
  const postgres = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, "utf8").trim() === "postgres";
      } catch {
        return false;
      }
    });
  return {
    ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, pid ? of(pid) : 0])),
    postgres: postgres.reduce((sum, pid) => sum + of(pid), 0),
  };
}

type GeneratedCatalog = ReturnType<typeof generateCatalog>;

/** Hands a generated catalog's servers to the catalog as operator imports (`upsert-version`). */
export async function queueServers(bus: JobBus, catalog: GeneratedCatalog): Promise<void> {
  await bus.addBulk(
    "catalog",
    "upsert-version",
    catalog.registry.map((e) => ({ data: importJob(e) })),
  );
}

/** Hands a generated catalog's tool lists to the catalog, observed now (`import-tools`). */
export async function queueToolLists(bus: JobBus, catalog: GeneratedCatalog): Promise<void> {
  const observedAt = new Date().toISOString();
  await bus.addBulk(
    "catalog",
    "import-tools",
    Object.entries(catalog.tools).map(([serverName, list]) => ({
      data: { serverName, tools: list, observedAt },
    })),
  );
}
