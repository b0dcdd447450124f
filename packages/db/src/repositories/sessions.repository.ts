import type { PrismaClient } from "../prisma.js";

export type SessionRecord = { accountId: string; csrfToken: string; expiresAt: Date };

/** Browser sessions, keyed by the SHA-256 of the random id the cookie carries. */
export class SessionsRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async create(idHash: string, session: SessionRecord): Promise<void> {
    await this.prisma.session.create({ data: { idHash, ...session } });
  }

  async findValid(idHash: string, now: Date): Promise<SessionRecord | null> {
    return this.prisma.session.findFirst({
      where: { idHash, expiresAt: { gt: now } },
      select: { accountId: true, csrfToken: true, expiresAt: true },
    });
  }

  async delete(idHash: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { idHash } });
  }

  async deleteExpired(now: Date): Promise<number> {
    const { count } = await this.prisma.session.deleteMany({ where: { expiresAt: { lte: now } } });
    return count;
  }
}
