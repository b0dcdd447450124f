import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import {
  nextAction,
  packageRef,
  type CheckBody,
  type CheckRequest,
  DAY_MS,
  type PackageRef,
  type PackageRequest,
} from "@catalog/contracts";
import type { ChecksRepository, CheckRow, ProbesRepository } from "@catalog/db";
import { deleteIfEquals, INTROSPECTION_ORDER, PROBER_ORDER, redisKeys, type JobBus } from "@catalog/queue";
import {
  checkUrl,
  DnsError,
  resolvePublic,
  UrlPolicyError,
  type PolicyOptions,
  type Resolver,
} from "@catalog/url-policy";
import type { Redis } from "ioredis";
import { TemporarilyUnavailable } from "../http/errors.js";
import { failure, success, type Outcome } from "../http/outcome.js";
import { limitSubject } from "../limits/client-address.js";
import type { AllowanceGrant, CheckAllowance, CheckScope } from "./allowance.js";
import { checkBody } from "./check-body.js";
import type { CheckWaiter } from "./check-waiter.js";

/**
 * Who asks for a check: counted against `limit` per hour; `requestId` travels with the job into
 * logs; `subject` is what the request limits count against (the account, or the client address:
 * IPv4, or the /64 of IPv6), for calls that count more than once (JSON-RPC batches).
 */
export type Requester = {
  id: string;
  limit: number;
  requestId?: string | undefined;
  subject: { account: string } | { address: string };
};

class CheckQuotaExceeded extends Error {
  constructor(
    readonly scope: CheckScope,
    readonly retryAfter: number,
  ) {
    super(`check allowance exhausted (${scope})`);
  }
}

/** Check ids are 22 base64url characters; anything else cannot name a check. */
export const CHECK_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * A repeat key whose check row does not exist yet may be a claim still writing its row (a Redis
 * call and an insert after claiming): younger than this, it is waited for; older, it is stale.
 */
const CLAIM_GRACE_MS = 3_000;
/** How long one request waits, in all, for claims of others to write their rows. */
const CLAIM_WAIT_MS = 6_000;
/** Pauses between looks: from 25 ms, doubling, at most 400 ms. */
const FIRST_PAUSE_MS = 25;
const MAX_PAUSE_MS = 400;
/** A bound on looks at the repeat key besides the time: every other look waits or answers. */
const CLAIM_ROUNDS = 50;

/** A young claim of another request did not write its row while we waited (503, try again). */
class CheckClaimContended extends TemporarilyUnavailable {
  constructor(key: string) {
    super(`another request's claim of ${key} wrote no check within ${CLAIM_WAIT_MS} ms`);
  }
}

/**
 * What a check is of, as it is claimed, counted and stored: a URL or a package; `key` names it
 * for the repeat window, `host` for the host allowance.
 */
type Target = {
  url: string | null;
  package: PackageRef | null;
  key: string;
  host: string;
  /** The catalog server it belongs to (looked up once a claim is about to be made). */
  serverName: () => Promise<string | null>;
};

/**
 * A package's repeat key: the same identifier and version within the window share a check (no
 * version is the newest, `latest`). A URL's key is never one: it starts with its scheme.
 */
function packageKey(pkg: PackageRef): string {
  return `${pkg.registry_type}:${pkg.identifier}@${pkg.version ?? "latest"}`;
}

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
 * Starts and reads on-demand checks of a URL or a package. A URL must pass the URL policy, its
 * host must resolve to public addresses only (a DNS failure is the probe's to report); the same
 * normalized URL or package within the repeat window returns the earlier check without counting
 * against any allowance.
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
   * A check of a URL or a package as REST (POST /v1/check) and MCP (check_server) answer it: the
   * check once done or after `waitMs`, or 400 invalid_url, or 429 check_quota_exceeded.
   */
  async check(request: CheckRequest, requester: Requester, waitMs: number): Promise<Outcome<CheckBody>> {
    let check: CheckRow;
    try {
      check = await this.start(await this.target(request), requester);
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

  /** The contract lets exactly one of url and package through (an empty URL is refused as one). */
  private target(request: CheckRequest): Promise<Target> {
    return request.package
      ? Promise.resolve(this.packageTarget(request.package))
      : this.urlTarget(request.url ?? "");
  }

  /**
   * A URL that passed the URL policy, with its host resolved to public addresses only (a DNS
   * failure is the probe's to report). Throws UrlPolicyError (400).
   */
  private async urlTarget(rawUrl: string): Promise<Target> {
    const url = checkUrl(rawUrl, this.settings.policy);
    try {
      await resolvePublic(url.hostname, this.settings.resolver, {
        allowLoopback: this.settings.policy.testMode,
      });
    } catch (err) {
      if (!(err instanceof DnsError)) throw err;
    }
    const normalizedUrl = url.toString();
    const candidates = [...new Set([rawUrl.trim(), normalizedUrl])];
    return {
      url: rawUrl.trim(),
      package: null,
      key: normalizedUrl,
      host: url.hostname,
      serverName: () => this.probes.serverForUrl(candidates),
    };
  }

  /** A package the contract validated; its registry is what the host allowance counts. */
  private packageTarget(request: PackageRequest): Target {
    const pkg = packageRef(request);
    return {
      url: null,
      package: pkg,
      key: packageKey(pkg),
      host: pkg.registry_type,
      serverName: () => Promise.resolve(null),
    };
  }

  /**
   * The recent check of the target, or a new one. Throws CheckQuotaExceeded (429).
   *
   * The repeat key (the target's key -> check id, kept for the repeat window) is claimed with
   * SET NX before the allowance is spent and the row written. A bounded loop, never recursion:
   * a key naming a row that exists answers at once; a claim younger than CLAIM_GRACE_MS without
   * its row yet is waited for (growing pauses, CLAIM_WAIT_MS in all); an older one names a check
   * that does not exist (a request that died between claim and row) and is compare-and-deleted,
   * then claimed again.
   */
  private async start(target: Target, requester: Requester): Promise<CheckRow> {
    const key = redisKeys(this.settings.prefix).checkClaim(target.key);
    let serverName: string | null | undefined;
    const deadline = Date.now() + CLAIM_WAIT_MS;
    let pause = FIRST_PAUSE_MS;
    for (let round = 0; round < CLAIM_ROUNDS; round++) {
      const held = await this.redis.get(key);
      if (held) {
        const check = await this.checks.find(held);
        if (check) return this.ensureQueued(check, requester);
        if ((await this.claimAge(key)) < CLAIM_GRACE_MS) {
          if (Date.now() + pause > deadline) break;
          await sleep(pause);
          pause = Math.min(pause * 2, MAX_PAUSE_MS);
          continue;
        }
        // Stale: it names a check that was never written. Ours to replace, unless replaced already.
        await this.release(key, held);
      }
      serverName ??= await target.serverName();
      const id = randomBytes(16).toString("base64url");
      if (await this.redis.set(key, id, "PX", this.settings.repeatWindowMs, "NX")) {
        return this.create({ key, id, target, serverName, requester });
      }
      // Another request claimed the target between our look and our claim: look again.
    }
    throw new CheckClaimContended(target.key);
  }

  /**
   * Spends the allowance, writes the row and queues the prober job, under a claim of the repeat
   * key. Any failure on the way gives everything back: the row (its id was never handed out),
   * the claim (if still ours), the allowance. Each is best effort: should the row outlive us
   * while the claim does too, `ensureQueued` queues its job for the next request; otherwise
   * the retention cleanup removes it.
   */
  private async create(claim: {
    key: string;
    id: string;
    target: Target;
    serverName: string | null;
    requester: Requester;
  }): Promise<CheckRow> {
    const { key, id, target, requester } = claim;
    let grant: AllowanceGrant | undefined;
    let written = false;
    try {
      const verdict = await this.allowance.consume(requester, target.host);
      if (!verdict.allowed) throw new CheckQuotaExceeded(verdict.scope, verdict.retryAfter);
      grant = verdict.grant;
      const check = await this.checks.create({
        id,
        url: target.url,
        package: target.package,
        normalizedUrl: target.key,
        host: target.host,
        serverName: claim.serverName,
        requester: requester.id,
        expiresAt: new Date(Date.now() + this.settings.retentionDays * DAY_MS),
      });
      written = true;
      await this.queue(check, requester);
      return check;
    } catch (err) {
      // Best effort each: Redis may be the very thing that failed; the claim then expires.
      if (written) await this.checks.remove(id).catch(() => undefined);
      await this.release(key, id).catch(() => undefined);
      if (grant) await this.allowance.refund(grant).catch(() => undefined);
      throw err;
    }
  }

  /**
   * A check handed out while queued must have its job: adding it again is a no-op when it
   * exists (the job id is the check id), and queues it when its creator died before doing so.
   */
  private async ensureQueued(check: CheckRow, requester: Requester): Promise<CheckRow> {
    if (check.status === "queued") await this.queue(check, requester);
    return check;
  }

  /** A URL's check goes to the prober's queue, a package's to the introspection queue (its sandbox). */
  private async queue(check: CheckRow, requester: Requester): Promise<void> {
    const opts = { jobId: check.id, requestId: requester.requestId };
    if (check.package)
      await this.bus.add(
        "introspection",
        "check",
        { checkId: check.id },
        { ...opts, ...INTROSPECTION_ORDER.check },
      );
    else await this.bus.add("prober", "check", { checkId: check.id }, { ...opts, ...PROBER_ORDER.check });
  }

  /** Milliseconds since the key was set (from its remaining time); a key without expiry is old. */
  private async claimAge(key: string): Promise<number> {
    const ttl = await this.redis.pttl(key);
    return ttl < 0 ? Infinity : this.settings.repeatWindowMs - ttl;
  }

  private async release(key: string, id: string): Promise<void> {
    await deleteIfEquals(this.redis, key, id);
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

/**
 * How a requester is counted: its account when it sent a key, else a hash of its address (IPv4,
 * or the /64 network of IPv6, so that rotating within one's own /64 gains nothing).
 */
export function requesterOf(
  accountId: unknown,
  ip: string | undefined,
  limits: { anonymous: number; account: number },
  requestId?: string,
): Requester {
  if (typeof accountId === "string" && accountId)
    return { id: `account:${accountId}`, limit: limits.account, requestId, subject: { account: accountId } };
  const address = limitSubject(ip);
  const hash = createHash("sha256").update(address).digest("hex").slice(0, 32);
  return { id: `ip:${hash}`, limit: limits.anonymous, requestId, subject: { address } };
}
