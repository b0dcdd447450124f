import { randomUUID } from "node:crypto";
import type { ApiKeyRecord, ApiKeysRepository } from "@catalog/db";
import type { Clock } from "../clock.js";
import { displayPrefix, generateApiKey, hashApiKey, isWellFormedApiKey } from "./api-key.js";

export type ResolvedKey = { id: string; accountId: string };
export type Resolution = { key: ResolvedKey } | { refused: "malformed" | "unknown_or_revoked" };

/** Creating, revoking and recognising API keys. */
export class ApiKeysService {
  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly maxActivePerAccount: number,
    private readonly clock: Clock,
  ) {}

  /**
   * The account behind a presented key. Malformed keys never reach the database; others are
   * hashed and looked up by the hash, so no comparison ever runs over the secret itself.
   */
  async resolve(presented: string): Promise<Resolution> {
    if (!isWellFormedApiKey(presented)) return { refused: "malformed" };
    const record = await this.repo.findByHash(hashApiKey(presented));
    if (!record || record.revokedAt) return { refused: "unknown_or_revoked" };
    return { key: { id: record.id, accountId: record.accountId } };
  }

  /** A new key, returned in full this once; null when the account holds its maximum of active keys. */
  async create(accountId: string): Promise<{ key: string; record: ApiKeyRecord } | null> {
    const key = generateApiKey();
    const record = await this.repo.createWithinLimit(
      { id: randomUUID(), accountId, prefix: displayPrefix(key), hash: hashApiKey(key), name: null },
      this.maxActivePerAccount,
    );
    return record && { key, record };
  }

  async revoke(accountId: string, keyId: string): Promise<boolean> {
    return this.repo.revoke(accountId, keyId, this.clock());
  }

  async list(accountId: string): Promise<ApiKeyRecord[]> {
    return this.repo.listByAccount(accountId);
  }
}
