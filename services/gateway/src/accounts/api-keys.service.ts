import { randomUUID } from "node:crypto";
import type { ApiKeyRecord, ApiKeysRepository } from "@catalog/db";
import type { Clock } from "../time/clock.js";
import { displayPrefix, generateApiKey, hashApiKey, isWellFormedApiKey } from "./api-key.js";
import type { KeyCache } from "./key-cache.js";

export type ResolvedKey = { id: string; accountId: string };
export type Resolution = { key: ResolvedKey } | { refused: "malformed" | "unknown_or_revoked" };

/** Announces a revoked key's id to every replica (their key caches forget it). */
export type RevocationNotice = (keyId: string) => Promise<void>;

/** Creating, revoking and recognising API keys. */
export class ApiKeysService {
  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly maxActivePerAccount: number,
    private readonly clock: Clock,
    private readonly cache?: { keys: KeyCache; announce: RevocationNotice },
  ) {}

  /**
   * The account behind a presented key. Malformed keys never reach the database; others are
   * hashed and looked up by the hash, so no comparison ever runs over the secret itself.
   */
  async resolve(presented: string): Promise<Resolution> {
    if (!isWellFormedApiKey(presented)) return { refused: "malformed" };
    const hash = hashApiKey(presented);
    const cached = this.cache?.keys.get(hash);
    if (cached) return { key: cached };
    const ticket = this.cache?.keys.ticket() ?? 0;
    const record = await this.repo.findByHash(hash);
    if (!record || record.revokedAt) return { refused: "unknown_or_revoked" };
    const key = { id: record.id, accountId: record.accountId };
    this.cache?.keys.keep(ticket, hash, key);
    return { key };
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

  /** Revokes the key; every replica refuses it from then on (announced before this returns). */
  async revoke(accountId: string, keyId: string): Promise<boolean> {
    const revoked = await this.repo.revoke(accountId, keyId, this.clock());
    if (revoked) await this.cache?.announce(keyId);
    return revoked;
  }

  async list(accountId: string): Promise<ApiKeyRecord[]> {
    return this.repo.listByAccount(accountId);
  }
}
