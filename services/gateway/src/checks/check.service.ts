import { createHash, randomBytes } from "node:crypto";
import type { ChecksRepository, CheckRow, ProbesRepository } from "@catalog/db";
import { PROBER_ORDER, type JobBus } from "@catalog/queue";
import { checkUrl, DnsError, resolvePublic, type PolicyOptions, type Resolver } from "@catalog/url-policy";
import type { Redis } from "ioredis";
import type { CheckAllowance, CheckScope } from "./allowance.js";
import type { CheckWaiter } from "./check-waiter.js";

export type Requester = { id: string; limit: number };

export class CheckQuotaExceeded extends Error {
  constructor(
    readonly scope: CheckScope,
    readonly retryAfter: number,
  ) {
    super(`check allowance exhausted (${scope})`);
  }
}

export type CheckSettings = {
  policy: PolicyOptions;
  resolver: Resolver;
  repeatWindowMs: number;
  retentionDays: number;
  prefix: string;
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

  /** Throws UrlPolicyError (400) or CheckQuotaExceeded (429). */
  async start(rawUrl: string, requester: Requester): Promise<CheckRow> {
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
    await this.bus.add("prober", "check", { checkId: id }, { jobId: id, ...PROBER_ORDER.check });
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
): Requester {
  if (typeof accountId === "string" && accountId)
    return { id: `account:${accountId}`, limit: limits.account };
  const hash = createHash("sha256")
    .update(ip ?? "unknown")
    .digest("hex")
    .slice(0, 32);
  return { id: `ip:${hash}`, limit: limits.anonymous };
}
