import { readdirSync, readFileSync } from "node:fs";
import type { ListedToolInput, PackageProbeResult } from "@catalog/contracts";
import type { JobBus } from "@catalog/queue";
import {
  importJob,
  latestServers,
  prepareTemplate,
  startInfrastructure,
  waitForIdle,
  type Harness,
} from "@catalog/testing";
import { startCatalogWorker } from "../services/catalog/src/catalog.js";
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

/** One line of `introspection.ts`'s BENCH_TOOLS_OUT: a listing's package and the tools it listed. */
export type IntrospectedList = {
  server: string;
  identifier: string;
  version: string;
  tools: ListedToolInput[];
};

/**
 * BENCH_INTROSPECTED=<file> (the JSON lines `introspection.ts` writes with BENCH_TOOLS_OUT): the
 * introspected tool lists of the servers that have none from the shared data (`others`), as the
 * catalog records a package-only server's tools from introspection only. `overlap` are the lists
 * of servers the data already gives tools, which are kept as they are. Undefined without the option.
 */
export function introspectedLists(
  others: ReadonlySet<string>,
): { file: string; lists: IntrospectedList[]; overlap: IntrospectedList[] } | undefined {
  const file = process.env.BENCH_INTROSPECTED;
  if (!file) return undefined;
  const byServer = new Map<string, IntrospectedList>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const list = JSON.parse(line) as IntrospectedList;
    if (list.tools.length > 0) byServer.set(list.server, list); // a server listed again: the last wins
  }
  const all = [...byServer.values()];
  return {
    file,
    lists: all.filter((l) => !others.has(l.server)),
    overlap: all.filter((l) => others.has(l.server)),
  };
}

/**
 * Hands introspected lists to the catalog as the prober does (`introspection-result`, outcome
 * `tools`, against the package target the server's latest version lists), so their tools are
 * recorded with source `introspection`, indexed and embedded; waits until all of it is done.
 * Returns the servers whose tools were not recorded (no such server or target in the catalog).
 */
export async function recordIntrospected(h: Harness, lists: IntrospectedList[]): Promise<string[]> {
  const listed = new Map(latestServers().map((s) => [s.name, s]));
  const worker = startCatalogWorker({
    db: h.db,
    bus: h.bus,
    log: h.log,
    config: { CATALOG_CONCURRENCY: 4, WORKER_LOCK_MS: 30_000, PROBE_INTERVAL_MS: 86_400_000 },
  });
  try {
    const at = new Date().toISOString();
    await h.bus.addBulk(
      "catalog",
      "introspection-result",
      lists.map((l) => {
        const pkg = listed
          .get(l.server)
          ?.packages?.find((p) => p.registryType === "npm" && p.identifier === l.identifier);
        const result: PackageProbeResult = {
          package: { registry_type: "npm", identifier: l.identifier, version: l.version },
          outcome: "tools",
          detail: "It started and listed its tools.",
          protocol_version: null,
          server_info: null,
          instructions: null,
          tools: l.tools.map((t) => ({
            name: t.name,
            title: t.title ?? null,
            description: t.description ?? "",
            annotations: t.annotations ?? null,
          })),
          tool_count: l.tools.length,
          prompts: [],
          resources: [],
          placeholders: [],
          stderr: [],
          timings: { install_ms: null, start_ms: null, total_ms: 0 },
          started_at: at,
          finished_at: at,
        };
        return {
          data: {
            serverName: l.server,
            target: { registryType: "npm", identifier: l.identifier, version: pkg?.version ?? "" },
            scheduledFor: at,
            result,
            tools: l.tools,
          },
        };
      }),
    );
    await waitForIdle(h.bus, ["catalog", "search", "vectors"], 600_000);
  } finally {
    await worker.close();
  }
  const recorded = await h.db.prisma.tool.findMany({
    where: { serverName: { in: lists.map((l) => l.server) }, source: "introspection" },
    select: { serverName: true },
    distinct: ["serverName"],
  });
  const got = new Set(recorded.map((r) => r.serverName));
  return lists.map((l) => l.server).filter((s) => !got.has(s));
}
