import { createHash, randomBytes } from "node:crypto";
import { nextAction, type CheckBody } from "@catalog/contracts";
import type { ChecksRepository, CheckRow, ProbesRepository } from "@catalog/db";
import { PROBER_ORDER, type JobBus } from "@catalog/queue";
import {
  checkUrl,
  DnsError,
  resolvePublic,
  UrlPolicyError,
  type PolicyOptions,
  type Resolver,
} from "@catalog/url-policy";
import type { Redis } from "ioredis";
import { failure, success, type Outcome } from "../http/outcome.js";
import type { CheckAllowance, CheckScope } from "./allowance.js";
import { checkBody } from "./check-body.js";
import type { CheckWaiter } from "./check-waiter.js";

/** Who asks for a check: counted against `limit` per hour; `requestId` travels with the job into logs. */
export type Requester = { id: string; limit: number; requestId?: string | undefined };

export class CheckQuotaExceeded extends Error {
  constructor(
    readonly scope: CheckScope,
    readonly retryAfter: number,
  ) {
    super(`check allowance exhausted (${scope})`);
  }
}

/** Check ids are 22 base64url characters; anything else cannot name a check. */
export const CHECK_ID = /^[A-Za-z0-9_-]{16,64}$/;

export type CheckSettings = {
  /** Public base URL, for the check's shareable page. */
  baseUrl: string;
  policy: PolicyOptions;
  resolver: Resolver;
  repeatWindowMs: number;
  retentionDays: number;
  prefix: string;
  /** Told of every refused check (metrics), by scope. */
  onQuotaExceeded?: (scope: CheckScope) => void;
};

/**
 * Starts and reads on-demand checks. A URL must pass the URL policy, its host must resolve to
 * public addresses only (a DNS failure is the probe's to report); the same normalized URL
 * within the repeat window returns the earlier check without counting against any allowance.
 */
export class CheckService {
  constructor(
    private readonly checks: ChecksRepository,
    private readonly probes: ProbesRepository,
    private readonly allowance: CheckAllowance,
    private readonly waiter: CheckWaiter,
    private readonly redis: Redis,
    private readonly bus: JobBus,
    private readonly settings: CheckSettings,
  ) {}

  /**
   * A check of `rawUrl` as REST (POST /v1/check) and MCP (check_server) answer it: the check
   * once done or after `waitMs`, or 400 invalid_url, or 429 check_quota_exceeded.
   */
  async check(rawUrl: string, requester: Requester, waitMs: number): Promise<Outcome<CheckBody>> {
    let check: CheckRow;
    try {
      check = await this.start(rawUrl, requester);
    } catch (err) {
      const retry = [nextAction("search", { q: "mcp server" })];
      if (err instanceof UrlPolicyError) return failure(400, "invalid_url", retry, { reason: err.reason });
      if (err instanceof CheckQuotaExceeded) {
        this.settings.onQuotaExceeded?.(err.scope);
        return failure(429, "check_quota_exceeded", retry, { scope: err.scope, retry_after: err.retryAfter });
      }
      throw err;
    }
    return success(checkBody(await this.settle(check, waitMs), this.settings.baseUrl));
  }

  /** An earlier check (GET /v1/check/{id}, check_server with id), or 404 check_not_found. */
  async lookup(id: string, waitMs: number): Promise<Outcome<CheckBody>> {
    const check = CHECK_ID.test(id) ? await this.find(id) : null;
    if (!check) return failure(404, "check_not_found", [nextAction("search", { q: "mcp server" })]);
    return success(checkBody(await this.settle(check, waitMs), this.settings.baseUrl));
  }

  /** Throws UrlPolicyError (400) or CheckQuotaExceeded (429). */
  private async start(rawUrl: string, requester: Requester): Promise<CheckRow> {
    const url = checkUrl(rawUrl, this.settings.policy);
    try {
      await resolvePublic(url.hostname, this.settings.resolver, {
        allowLoopback: this.settings.policy.testMode,
      });
    } catch (err) {
      if (!(err instanceof DnsError)) throw err;
    }
    const normalizedUrl = url.toString();
    const recentKey = `${this.settings.prefix}:check-recent:${createHash("sha256").update(normalizedUrl).digest("base64url")}`;
    const recent = await this.recent(recentKey);
    if (recent) return recent;
    const id = randomBytes(16).toString("base64url");
    const claimed = await this.redis.set(recentKey, id, "PX", this.settings.repeatWindowMs, "NX");
    if (!claimed) return (await this.recent(recentKey)) ?? this.start(rawUrl, requester);
    const verdict = await this.allowance.consume(requester, url.hostname);
    if (!verdict.allowed) {
      await this.redis.del(recentKey);
      throw new CheckQuotaExceeded(verdict.scope, verdict.retryAfter);
    }
    const check = await this.checks.create({
      id,
      url: rawUrl.trim(),
      normalizedUrl,
      host: url.hostname,
      serverName: await this.probes.serverForUrl([...new Set([rawUrl.trim(), normalizedUrl])]),
      requester: requester.id,
      expiresAt: new Date(Date.now() + this.settings.retentionDays * 86_400_000),
    });
    await this.bus.add(
      "prober",
      "check",
      { checkId: id },
      { jobId: id, ...PROBER_ORDER.check, requestId: requester.requestId },
    );
    return check;
  }

  private async recent(key: string): Promise<CheckRow | null> {
    const id = await this.redis.get(key);
    return id ? this.checks.find(id) : null;
  }

  find(id: string): Promise<CheckRow | null> {
    return this.checks.find(id);
  }

  /** The check once done, or as it stands after `waitMs`. */
  async settle(check: CheckRow, waitMs: number): Promise<CheckRow> {
    if (check.status === "done" || waitMs <= 0) return check;
    let latest = check;
    await this.waiter.wait(check.id, waitMs, async () => {
      latest = (await this.checks.find(check.id)) ?? latest;
      return latest.status === "done";
    });
    return (await this.checks.find(check.id)) ?? latest;
  }
}

/** How a requester is counted: its account when it sent a key, else a hash of its IP. */
export function requesterOf(
  accountId: unknown,
  ip: string | undefined,
  limits: { anonymous: number; account: number },
  requestId?: string,
): Requester {
  if (typeof accountId === "string" && accountId)
    return { id: `account:${accountId}`, limit: limits.account, requestId };
  const hash = createHash("sha256")
    .update(ip ?? "unknown")
    .digest("hex")
    .slice(0, 32);
  return { id: `ip:${hash}`, limit: limits.anonymous, requestId };
}
