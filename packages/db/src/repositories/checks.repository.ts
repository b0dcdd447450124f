import type { Prisma, PrismaClient } from "../prisma.js";
import { storable } from "../storable.js";

export type CheckRow = {
  id: string;
  url: string;
  normalizedUrl: string;
  host: string;
  status: "queued" | "running" | "done";
  serverName: string | null;
  requester: string;
  result: unknown;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date;
};

export type NewCheck = Pick<
  CheckRow,
  "id" | "url" | "normalizedUrl" | "host" | "serverName" | "requester" | "expiresAt"
>;

/** On-demand checks: the gateway creates them, the prober runs and finishes them. */
export class ChecksRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async create(check: NewCheck): Promise<CheckRow> {
    return this.prisma.check.create({ data: check });
  }

  find(id: string): Promise<CheckRow | null> {
    return this.prisma.check.findUnique({ where: { id } });
  }

  /** queued -> running; a re-run after a crash finds it running already and goes on. */
  async markRunning(id: string, at: Date): Promise<void> {
    await this.prisma.check.updateMany({
      where: { id, status: "queued" },
      data: { status: "running", startedAt: at },
    });
  }

  /**
   * Stores the result once: a finished check never changes. Returns whether this call finished
   * it. The result carries a probed server's text: what PostgreSQL refuses is replaced (storable).
   */
  async finish(id: string, result: unknown, at: Date): Promise<boolean> {
    const { count } = await this.prisma.check.updateMany({
      where: { id, status: { not: "done" } },
      data: { status: "done", result: storable(result) as Prisma.InputJsonValue, finishedAt: at },
    });
    return count === 1;
  }

  /** Removes a check that was never handed out (its job could not be queued). */
  async remove(id: string): Promise<void> {
    await this.prisma.check.deleteMany({ where: { id, status: "queued" } });
  }

  async deleteExpired(now: Date): Promise<number> {
    const { count } = await this.prisma.check.deleteMany({ where: { expiresAt: { lt: now } } });
    return count;
  }

  /** The description a catalog server gives of itself (for checks of its remotes). */
  async serverDescription(name: string): Promise<string | null> {
    const server = await this.prisma.server.findUnique({ where: { name }, select: { description: true } });
    return server?.description ?? null;
  }
}
