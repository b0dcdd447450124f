import type { Database } from "../database.js";

export type ApiKeyRecord = {
  id: string;
  accountId: string;
  prefix: string;
  name: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
};

export type NewApiKey = { id: string; accountId: string; prefix: string; hash: string; name: string | null };

const PUBLIC_FIELDS = {
  id: true,
  accountId: true,
  prefix: true,
  name: true,
  createdAt: true,
  revokedAt: true,
  lastUsedAt: true,
} as const;

/** API keys: looked up by the SHA-256 of the key; the key itself is never stored. */
export class ApiKeysRepository {
  private readonly prisma: Database["prisma"];

  constructor(private readonly db: Database) {
    this.prisma = db.prisma;
  }

  /**
   * One indexed lookup by hash: the time it takes does not depend on how much of a key matches.
   * It runs on every keyed request: straight on the pool, which costs a fraction of the CPU
   * of a query through Prisma.
   */
  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const { rows } = await this.db.pool.query<ApiKeyRecord>({
      name: "api-key-by-hash",
      text: `SELECT id, account_id AS "accountId", prefix, name, created_at AS "createdAt",
                    revoked_at AS "revokedAt", last_used_at AS "lastUsedAt"
             FROM api_keys WHERE hash = $1`,
      values: [hash],
    });
    return rows[0] ?? null;
  }

  /** Newest first, revoked ones included (the account page lists them). */
  async listByAccount(accountId: string): Promise<ApiKeyRecord[]> {
    return this.prisma.apiKey.findMany({
      where: { accountId },
      select: PUBLIC_FIELDS,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    });
  }

  /**
   * Creates the key unless the account already holds `maxActive` active ones (then null). The
   * account row is locked for the check, so two concurrent requests cannot both pass it.
   */
  async createWithinLimit(key: NewApiKey, maxActive: number): Promise<ApiKeyRecord | null> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${key.accountId} FOR UPDATE`;
      const active = await tx.apiKey.count({ where: { accountId: key.accountId, revokedAt: null } });
      if (active >= maxActive) return null;
      return tx.apiKey.create({ data: key, select: PUBLIC_FIELDS });
    });
  }

  /** Revokes an active key of the account; false when there is no such active key. */
  async revoke(accountId: string, id: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.apiKey.updateMany({
      where: { id, accountId, revokedAt: null },
      data: { revokedAt: at },
    });
    return count === 1;
  }

  /** Moves last-used times forward in one statement (never backward). */
  async touch(uses: { id: string; at: Date }[]): Promise<void> {
    if (uses.length === 0) return;
    await this.prisma.$executeRaw`
      UPDATE api_keys AS k SET last_used_at = u.at
      FROM unnest(${uses.map((u) => u.id)}::text[], ${uses.map((u) => u.at)}::timestamptz[]) AS u(id, at)
      WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.at)`;
  }
}
