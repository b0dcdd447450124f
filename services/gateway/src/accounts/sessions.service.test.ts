import { createHash } from "node:crypto";
import { AccountsRepository, SessionsRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { csrfTokenMatches, SessionsService } from "./sessions.service.js";

const HOUR_MS = 3_600_000;
const ACCOUNT = "acc_sessions";
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("SessionsService (real PostgreSQL)", () => {
  let h: Harness;
  let sessions: SessionsService;
  let repo: SessionsRepository;
  let now = new Date("2026-03-01T12:00:00Z");
  const stored = (cookie: string) => h.db.prisma.session.findUnique({ where: { idHash: sha256(cookie) } });

  beforeAll(async () => {
    h = await createHarness();
    repo = new SessionsRepository(h.db.prisma);
    sessions = new SessionsService(repo, 2 * HOUR_MS, () => now);
    await new AccountsRepository(h.db.prisma).upsertByIdentity(
      { issuer: "https://id.example", subject: "sessions", email: null, displayName: null },
      ACCOUNT,
    );
  });
  afterAll(() => h.close());

  it("creates a session expiring after the TTL, storing only the cookie's SHA-256 beside a CSRF token", async () => {
    now = new Date("2026-03-01T12:00:00Z");
    const { cookie, session } = await sessions.create(ACCOUNT);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toEqual({
      accountId: ACCOUNT,
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: new Date("2026-03-01T14:00:00Z"),
    });
    const row = await stored(cookie);
    expect(row).toMatchObject({ accountId: ACCOUNT, csrfToken: session.csrfToken });
    expect(JSON.stringify(row)).not.toContain(cookie);

    const other = await sessions.create(ACCOUNT);
    expect(other.cookie).not.toBe(cookie);
    expect(other.session.csrfToken).not.toBe(session.csrfToken);
  });

  it("finds a session by its cookie until the instant it expires", async () => {
    now = new Date("2026-03-02T08:00:00Z");
    const { cookie, session } = await sessions.create(ACCOUNT);
    expect(await sessions.find(cookie)).toEqual(session);
    now = new Date(session.expiresAt.getTime() - 1);
    expect(await sessions.find(cookie)).toEqual(session);
    now = session.expiresAt;
    expect(await sessions.find(cookie)).toBeNull();
  });

  it("finds nothing for a missing, unknown or over-long cookie", async () => {
    now = new Date("2026-03-03T08:00:00Z");
    const expiresAt = new Date("2026-03-03T09:00:00Z");
    // Stored as if issued: only the length bound keeps the 101-character cookie out.
    for (const cookie of ["a".repeat(100), "a".repeat(101)])
      await repo.create(sha256(cookie), { accountId: ACCOUNT, csrfToken: "t", expiresAt });
    expect(await sessions.find("a".repeat(100))).toMatchObject({ accountId: ACCOUNT });
    expect(await sessions.find("a".repeat(101))).toBeNull();
    expect(await sessions.find(undefined)).toBeNull();
    expect(await sessions.find("")).toBeNull();
    expect(await sessions.find("not-a-session")).toBeNull();
  });

  it("destroys only the session signed out of, and is harmless when repeated", async () => {
    now = new Date("2026-03-04T08:00:00Z");
    const leaving = await sessions.create(ACCOUNT);
    const staying = await sessions.create(ACCOUNT);
    await sessions.destroy(leaving.cookie);
    await sessions.destroy(leaving.cookie);
    expect(await sessions.find(leaving.cookie)).toBeNull();
    expect(await stored(leaving.cookie)).toBeNull();
    expect(await sessions.find(staying.cookie)).toEqual(staying.session);
  });

  it("removes every expired session when it creates one, and keeps the live ones", async () => {
    now = new Date("2026-03-05T08:00:00Z");
    const old = await sessions.create(ACCOUNT);
    now = new Date("2026-03-05T09:00:00Z");
    const live = await sessions.create(ACCOUNT);
    now = new Date("2026-03-05T10:00:00Z"); // `old` expires now, `live` in an hour
    await sessions.create(ACCOUNT);
    expect(await stored(old.cookie)).toBeNull();
    expect(await stored(live.cookie)).not.toBeNull();
    expect(await h.db.prisma.session.count({ where: { expiresAt: { lte: now } } })).toBe(0);
  });
});

describe("csrfTokenMatches", () => {
  const session = { accountId: "a", csrfToken: "token-0123456789", expiresAt: new Date() };

  it("accepts exactly the session's token, and refuses others of any length or type", () => {
    expect(csrfTokenMatches(session, "token-0123456789")).toBe(true);
    expect(csrfTokenMatches(session, "token-0123456788")).toBe(false);
    expect(csrfTokenMatches(session, "token-012345678")).toBe(false);
    expect(csrfTokenMatches(session, "token-0123456789x")).toBe(false);
    expect(csrfTokenMatches(session, "")).toBe(false);
    expect(csrfTokenMatches(session, undefined)).toBe(false);
    expect(csrfTokenMatches(session, ["token-0123456789"])).toBe(false);
  });
});
