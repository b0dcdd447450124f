import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { redisKeys } from "@catalog/queue";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { notFound, sendError } from "../http/errors.js";
import { limitSubject } from "../limits/client-address.js";

/** A configured admin token shorter than this stops the start: it could be guessed. */
const ADMIN_TOKEN_MIN_LENGTH = 16;

/** Failed admin-token attempts one client (address, or IPv6 /64) may make per window. */
const ADMIN_FAILURES = { attempts: 10, windowSeconds: 900 };

/** Who an operator token names: the admin runs everything, a viewer only reads the queue dashboard. */
export type OperatorRole = "admin" | "viewer";
export type OperatorTokens = Partial<Record<OperatorRole, string>>;

const TOKEN_SETTINGS: Record<OperatorRole, string> = { admin: "ADMIN_TOKEN", viewer: "QUEUE_VIEWER_TOKEN" };

/** Throws when an operator token is configured but too short; unset is fine (no such role). */
export function checkAdminToken(token: string | undefined, role: OperatorRole = "admin"): void {
  if (token !== undefined && token.length < ADMIN_TOKEN_MIN_LENGTH)
    throw new Error(
      `${TOKEN_SETTINGS[role]} must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters (for example: openssl rand -base64 32)`,
    );
}

/**
 * Failed admin-token attempts per client, in Redis so that every replica sees the same count
 * (rate-limiter-flexible; while Redis is not connected each replica counts in memory instead).
 */
export class AdminTokenThrottle {
  private readonly limiter: RateLimiterRedis;

  constructor(
    redis: Redis,
    prefix: string,
    settings: { attempts: number; windowSeconds: number } = ADMIN_FAILURES,
  ) {
    const options = { points: settings.attempts, duration: settings.windowSeconds };
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: redisKeys(prefix).limiter("admin-token"),
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: "admin-token", ...options }),
      ...options,
    });
  }

  /**
   * Counts an attempt before its token is compared (so that a burst of parallel guesses is
   * bounded too): 0 when it may go ahead, else the seconds until the client may try again.
   */
  async attempt(subject: string): Promise<number> {
    try {
      await this.limiter.consume(subject);
      return 0;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    }
  }

  /** Gives back the attempt of a right token: only wrong ones count. */
  async succeeded(subject: string): Promise<void> {
    await this.limiter.reward(subject);
  }
}

/** Constant-time comparison of a presented token with the configured one. */
function tokenMatches(presented: string, expected: string): boolean {
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The token of HTTP Basic (any user, the token as password) or of a Bearer header; "" if none. */
function presentedToken(req: Request): string {
  const header = req.get("authorization") ?? "";
  const [scheme, value = ""] = header.split(" ", 2);
  if (scheme?.toLowerCase() === "basic")
    return Buffer.from(value, "base64").toString("utf8").split(":").slice(1).join(":");
  return scheme?.toLowerCase() === "bearer" ? value : "";
}

function challenge(res: Response): void {
  res
    .set("www-authenticate", 'Basic realm="catalog admin", charset="UTF-8"')
    .set("cache-control", "no-store");
  res.status(401).json({ error: "admin_token_required", next_actions: [] });
}

/**
 * Operators only: HTTP Basic (any user, the token as password, so a browser can open the
 * dashboard) or `Authorization: Bearer <token>`, where `roles` say whose tokens the path takes;
 * the role found is left in `res.locals.operatorRole`. Without a configured token of those roles
 * the path does not exist (404), so it is never reachable anonymously; a configured token
 * shorter than ADMIN_TOKEN_MIN_LENGTH throws here, at start. A token of another role is refused
 * (403) without counting as a wrong one. With a throttle, a client that has sent
 * ADMIN_FAILURES.attempts wrong tokens is answered 429 (without its token being compared) until
 * the window has passed; a right token gives its attempt back, and sending none is no attempt.
 */
export function requireOperator(
  tokens: OperatorTokens,
  roles: OperatorRole[],
  throttle?: AdminTokenThrottle,
): RequestHandler {
  for (const role of Object.keys(TOKEN_SETTINGS) as OperatorRole[]) checkAdminToken(tokens[role], role);
  const configured = (Object.keys(TOKEN_SETTINGS) as OperatorRole[]).flatMap((role) => {
    const token = tokens[role];
    return token ? [{ role, token }] : [];
  });
  const open = configured.some((c) => roles.includes(c.role));
  return async (req, res, next) => {
    if (!open) return notFound(req, res, next);
    const presented = presentedToken(req);
    if (!presented) return challenge(res);
    const subject = limitSubject(req.ip);
    const wait = throttle ? await throttle.attempt(subject) : 0;
    if (wait > 0) {
      return sendError(res, 429, "rate_limited", { retry_after: wait });
    }
    // Every configured token is compared, so the time taken does not tell which one matched.
    const matched = configured.filter((c) => tokenMatches(presented, c.token))[0];
    if (!matched) return challenge(res);
    await throttle?.succeeded(subject);
    if (!roles.includes(matched.role))
      return sendError(res, 403, "admin_role_required", { role: matched.role });
    res.locals.operatorRole = matched.role;
    next();
  };
}
