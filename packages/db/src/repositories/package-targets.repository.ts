import type { Prisma } from "../prisma.js";
import { type PrismaClient } from "../prisma.js";
import { storable } from "../storable.js";
import type { Tx } from "./catalog.repository.js";

/** A package's place on the schedule: registry, identifier and the listed version ("" for none). */
export type PackageKey = { registryType: string; identifier: string; version: string };

/** A package of a server's latest version that the schedule introspects. */
export type PackageTargetWrite = PackageKey & { publishedAt: Date; package: Record<string, unknown> };

export type DuePackage = { serverName: string; target: PackageKey; package: Record<string, unknown> };
export type OwedPackage = DuePackage & { queuedFor: Date };

/** The last recorded introspection of an active target (connectability reads it). */
export type PackageEvidence = PackageKey & { outcome: string; result: unknown };

/** The keyset position of a target in `owedRounds`. */
export const owedPackageKey = (p: Pick<DuePackage, "serverName" | "target">) =>
  JSON.stringify([p.serverName, p.target.registryType, p.target.identifier, p.target.version]);

type Row = {
  serverName: string;
  registryType: string;
  identifier: string;
  packageVersion: string;
  package: unknown;
};

const SELECT = {
  serverName: true,
  registryType: true,
  identifier: true,
  packageVersion: true,
  package: true,
} as const;

function due(row: Row): DuePackage {
  return {
    serverName: row.serverName,
    target: { registryType: row.registryType, identifier: row.identifier, version: row.packageVersion },
    package: row.package as Record<string, unknown>,
  };
}

const where = (serverName: string, key: PackageKey) => ({
  serverName_registryType_identifier_packageVersion: {
    serverName,
    registryType: key.registryType,
    identifier: key.identifier,
    packageVersion: key.version,
  },
});

/** The introspection schedule of packaged servers and its last results; written only by the catalog. */
export class PackageTargetsRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Keeps a server's targets equal to the packages its latest version lists: new ones are due at
   * once, removed ones stop, returning ones resume where they were (a version introspected before
   * is not introspected again).
   */
  async syncTargets(tx: Tx, serverName: string, targets: PackageTargetWrite[], now: Date): Promise<void> {
    const keep = targets.map((t) => ({
      registryType: t.registryType,
      identifier: t.identifier,
      packageVersion: t.version,
    }));
    await tx.packageTarget.updateMany({
      where: { serverName, active: true, ...(keep.length ? { NOT: { OR: keep } } : {}) },
      data: { active: false },
    });
    for (const t of targets) {
      const pkg = storable(t.package) as Prisma.InputJsonObject;
      await tx.packageTarget.upsert({
        where: where(serverName, t),
        create: {
          ...where(serverName, t).serverName_registryType_identifier_packageVersion,
          publishedAt: t.publishedAt,
          package: pkg,
          nextAt: now,
        },
        update: { publishedAt: t.publishedAt, package: pkg, active: true },
      });
    }
  }

  /** Active targets that are due, newest version first. */
  async due(now: Date, limit: number): Promise<DuePackage[]> {
    const rows = await this.prisma.packageTarget.findMany({
      where: { active: true, nextAt: { lte: now } },
      orderBy: [{ publishedAt: "desc" }, { serverName: "asc" }],
      take: limit,
      select: SELECT,
    });
    return rows.map(due);
  }

  /** How many targets were queued since `since` (the hourly bound counts every scheduler's). */
  queuedSince(since: Date): Promise<number> {
    return this.prisma.packageTarget.count({ where: { queuedFor: { gte: since } } });
  }

  /** Marks a target queued for the round `round`, unless another scheduler took it first. */
  async markQueued(p: DuePackage, round: Date): Promise<boolean> {
    const { count } = await this.prisma.packageTarget.updateMany({
      where: {
        ...where(p.serverName, p.target).serverName_registryType_identifier_packageVersion,
        nextAt: { not: null },
      },
      data: { nextAt: null, queuedFor: round },
    });
    return count === 1;
  }

  /**
   * Records the result of a round unless a later one is recorded already. `retry` says when to try
   * again after `failures` passing failures in a row, this one included (null: never, the outcome
   * will not change). `recorded` false: nothing written; `active`: the target is still scheduled.
   */
  async record(
    tx: Tx,
    serverName: string,
    key: PackageKey,
    r: {
      outcome: string;
      result: unknown;
      at: Date;
      passing: boolean;
      retry: (failures: number) => Date | null;
    },
  ): Promise<{ recorded: boolean; active: boolean }> {
    const found = await tx.packageTarget.findUnique({
      where: where(serverName, key),
      select: { lastAt: true, failures: true, active: true },
    });
    if (!found || (found.lastAt && found.lastAt >= r.at)) return { recorded: false, active: false };
    const failures = r.passing ? found.failures + 1 : 0;
    await tx.packageTarget.update({
      where: where(serverName, key),
      data: {
        lastAt: r.at,
        lastOutcome: r.outcome,
        result: storable(r.result) as Prisma.InputJsonObject,
        failures,
        nextAt: r.retry(failures),
      },
    });
    return { recorded: true, active: found.active };
  }

  /** The last result of each active target of a server that has one. */
  async evidence(tx: Tx, serverName: string): Promise<PackageEvidence[]> {
    const rows = await tx.packageTarget.findMany({
      where: { serverName, active: true, lastOutcome: { not: null } },
      select: { registryType: true, identifier: true, packageVersion: true, lastOutcome: true, result: true },
    });
    return rows.map((r) => ({
      registryType: r.registryType,
      identifier: r.identifier,
      version: r.packageVersion,
      outcome: r.lastOutcome as string,
      result: r.result,
    }));
  }

  /**
   * Active targets queued before `before` whose round has no result (the job was lost or failed
   * for good), in key order after `after` (`owedPackageKey`).
   */
  async owedRounds(before: Date, after: string, limit: number): Promise<OwedPackage[]> {
    const [server, type, id, version] = after
      ? (JSON.parse(after) as [string, string, string, string])
      : ["", "", "", ""];
    const rows = await this.prisma.$queryRaw<(Row & { queuedFor: Date })[]>`
      SELECT server_name AS "serverName", registry_type AS "registryType", identifier,
             package_version AS "packageVersion", package, queued_for AS "queuedFor"
      FROM package_targets
      WHERE active AND next_at IS NULL AND queued_for < ${before}
        AND (last_at IS NULL OR last_at < queued_for)
        AND (server_name, registry_type, identifier, package_version) > (${server}, ${type}, ${id}, ${version})
      ORDER BY server_name, registry_type, identifier, package_version LIMIT ${limit}`;
    return rows.map((r) => ({ ...due(r), queuedFor: r.queuedFor }));
  }
}
