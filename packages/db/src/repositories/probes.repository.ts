import { Prisma, type PrismaClient } from "../prisma.js";
import { storable, storableText } from "../storable.js";
import type { Tx } from "./catalog.repository.js";

export type ProbeTargetRemote = { url: string; transport: "streamable-http" | "sse" };

export type ProbeWrite = {
  serverName: string;
  url: string;
  scheduled: boolean;
  outcome: string;
  protocolVersion: string | null;
  latencyMs: number | null;
  authRequired: boolean;
  /** ACCESS_CLASSES; null when the probe could not tell. */
  access?: string | null;
  /** What tools/list said about caching it; null when it said nothing. */
  toolsTtlMs?: number | null;
  toolsCacheScope?: string | null;
  result: unknown;
  startedAt: Date;
  finishedAt: Date;
};

/** The newest probe of a target that asked for tools/list, and what the list said about caching. */
export type LastListing = {
  serverName: string;
  url: string;
  outcome: string;
  finishedAt: Date;
  toolsTtlMs: number | null;
};

export type DueTarget = { serverName: string; url: string; transport: string; nextProbeAt: Date };

/** The keyset position of a target in `owedRounds`. */
export const owedRoundKey = (t: Pick<DueTarget, "serverName" | "url">) =>
  JSON.stringify([t.serverName, t.url]);

/**
 * The result to store and the server card apart: the card (up to the probe's object limit) goes
 * to its own column, so the results read on every derivation carry only its summary.
 */
function withoutCard(result: unknown): {
  result: Prisma.InputJsonValue;
  serverCard: Prisma.InputJsonValue | typeof Prisma.DbNull;
} {
  const found = (result as { server_card?: { card?: unknown } | null } | null)?.server_card;
  const card = found?.card ?? null;
  const summary = found ? { ...(result as object), server_card: { ...found, card: null } } : result;
  return {
    result: storable(summary) as Prisma.InputJsonValue,
    serverCard: card === null ? Prisma.DbNull : storable(card),
  };
}

/** Scheduled probe targets and probe results; written only by the catalog. */
export class ProbesRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Stores a probe unless this very probe (same remote, same start) is stored already. The
   * result and the protocol version are a probed server's text: what PostgreSQL refuses is
   * replaced (storable).
   */
  async record(tx: Tx, probe: ProbeWrite): Promise<boolean> {
    const existing = await tx.probe.count({
      where: { serverName: probe.serverName, url: probe.url, startedAt: probe.startedAt },
    });
    if (existing > 0) return false;
    await tx.probe.create({
      data: {
        ...probe,
        outcome: storableText(probe.outcome),
        protocolVersion: probe.protocolVersion === null ? null : storableText(probe.protocolVersion),
        // The column is an int4: a longer ttl (over 24.8 days) is kept whole in `result`.
        toolsTtlMs: probe.toolsTtlMs == null ? null : Math.min(probe.toolsTtlMs, 2 ** 31 - 1),
        ...withoutCard(probe.result),
      },
    });
    return true;
  }

  async markProbed(tx: Tx, serverName: string, url: string, outcome: string, at: Date): Promise<void> {
    await tx.probeTarget.updateMany({
      where: { serverName, url, OR: [{ lastProbeAt: null }, { lastProbeAt: { lt: at } }] },
      data: { lastProbeAt: at, lastOutcome: outcome },
    });
  }

  /**
   * Keeps a server's targets equal to its probeable remotes: new ones join the rolling schedule
   * at a random point of `firstWithinMs` (so a large import does not probe everything at once),
   * removed ones stop, returning ones resume.
   */
  async syncTargets(
    tx: Tx,
    serverName: string,
    remotes: ProbeTargetRemote[],
    firstWithinMs: number,
    now: Date,
  ): Promise<void> {
    const urls = remotes.map((r) => r.url);
    await tx.probeTarget.updateMany({
      where: { serverName, active: true, ...(urls.length ? { url: { notIn: urls } } : {}) },
      data: { active: false },
    });
    for (const remote of remotes) {
      const nextProbeAt = new Date(now.getTime() + Math.floor(Math.random() * firstWithinMs));
      await tx.probeTarget.upsert({
        where: { serverName_url: { serverName, url: remote.url } },
        create: { serverName, url: remote.url, transport: remote.transport, nextProbeAt },
        update: { transport: remote.transport, active: true },
      });
    }
  }

  /** Active targets whose next probe is due, oldest first. */
  due(now: Date, limit: number): Promise<DueTarget[]> {
    return this.prisma.probeTarget.findMany({
      where: { active: true, nextProbeAt: { lte: now } },
      orderBy: { nextProbeAt: "asc" },
      take: limit,
      select: { serverName: true, url: true, transport: true, nextProbeAt: true },
    });
  }

  /**
   * The newest probe of each target that asked for tools/list (a probe that reused the list does
   * not count, or a list would stay fresh for ever): its outcome, when it ended and the list's ttl.
   */
  async lastListings(targets: Pick<DueTarget, "serverName" | "url">[]): Promise<LastListing[]> {
    if (targets.length === 0) return [];
    const servers = targets.map((t) => t.serverName);
    const urls = targets.map((t) => t.url);
    return this.prisma.$queryRaw<LastListing[]>`
      SELECT DISTINCT ON (server_name, url) server_name AS "serverName", url, outcome,
             finished_at AS "finishedAt", tools_ttl_ms AS "toolsTtlMs"
      FROM probes
      WHERE (server_name, url) IN (SELECT * FROM unnest(${servers}::text[], ${urls}::text[]))
        AND result->>'tools_reused_until' IS NULL
      ORDER BY server_name, url, started_at DESC, id DESC`;
  }

  /** The stored result of the newest probe of a remote that asked for tools/list; null when none. */
  async lastListedResult(tx: Tx, serverName: string, url: string): Promise<unknown> {
    const rows = await tx.$queryRaw<{ result: unknown }[]>`
      SELECT result FROM probes
      WHERE server_name = ${serverName} AND url = ${url} AND result->>'tools_reused_until' IS NULL
      ORDER BY started_at DESC, id DESC LIMIT 1`;
    return rows[0]?.result ?? null;
  }

  /**
   * Moves a target to its next round, unless another scheduler already did, and records the
   * round just queued (owed until a probe is recorded after it).
   */
  async advance(target: DueTarget, next: Date): Promise<void> {
    await this.prisma.probeTarget.updateMany({
      where: { serverName: target.serverName, url: target.url, nextProbeAt: target.nextProbeAt },
      data: { nextProbeAt: next, queuedFor: target.nextProbeAt },
    });
  }

  /**
   * Active targets whose round was queued before `before` and has no probe recorded since (the
   * job was lost, or failed for good), in (server, url) order after `after` (`owedRoundKey`).
   */
  owedRounds(before: Date, after: string, limit: number): Promise<(DueTarget & { queuedFor: Date })[]> {
    const [server, url] = after ? (JSON.parse(after) as [string, string]) : ["", ""];
    return this.prisma.$queryRaw`
      SELECT server_name AS "serverName", url, transport, next_probe_at AS "nextProbeAt", queued_for AS "queuedFor"
      FROM probe_targets
      WHERE active AND queued_for < ${before} AND (last_probe_at IS NULL OR last_probe_at < queued_for)
        AND (server_name, url) > (${server}, ${url})
      ORDER BY server_name, url LIMIT ${limit}`;
  }

  /** The catalog server one of whose active remotes is this URL (any of its spellings). */
  async serverForUrl(urls: string[]): Promise<string | null> {
    const target = await this.prisma.probeTarget.findFirst({
      where: { url: { in: urls }, active: true },
      orderBy: { serverName: "asc" },
      select: { serverName: true },
    });
    return target?.serverName ?? null;
  }
}
