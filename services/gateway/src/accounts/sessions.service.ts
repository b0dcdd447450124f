import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { SessionRecord, SessionsRepository } from "@catalog/db";
import type { Clock } from "../time/clock.js";

export type NewSession = { cookie: string; session: SessionRecord };

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * Account sessions: the cookie carries 32 random bytes, the database their SHA-256 and the
 * session's CSRF token, so a leaked table holds no usable session.
 */
export class SessionsService {
  constructor(
    private readonly repo: SessionsRepository,
    private readonly ttlMs: number,
    private readonly clock: Clock,
  ) {}

  async create(accountId: string): Promise<NewSession> {
    const now = this.clock();
    await this.repo.deleteExpired(now);
    const cookie = randomBytes(32).toString("base64url");
    const session = {
      accountId,
      csrfToken: randomBytes(32).toString("base64url"),
      expiresAt: new Date(now.getTime() + this.ttlMs),
    };
    await this.repo.create(hash(cookie), session);
    return { cookie, session };
  }

  async find(cookie: string | undefined): Promise<SessionRecord | null> {
    if (!cookie || cookie.length > 100) return null;
    return this.repo.findValid(hash(cookie), this.clock());
  }

  async destroy(cookie: string): Promise<void> {
    await this.repo.delete(hash(cookie));
  }
}

/** Compares a submitted CSRF token with the session's without leaking where they differ. */
export function csrfTokenMatches(session: SessionRecord, submitted: unknown): boolean {
  if (typeof submitted !== "string") return false;
  const a = createHash("sha256").update(submitted).digest();
  const b = createHash("sha256").update(session.csrfToken).digest();
  return timingSafeEqual(a, b);
}
