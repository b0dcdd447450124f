import { createHash } from "node:crypto";
import type { APIRequestContext } from "playwright-core";
import { sign } from "cookie-signature";
import { createHarness, type Harness } from "@catalog/testing";
import { serveGateway, type RunningGateway } from "../support/gateway.js";
import { startOidcProvider, type TestProvider } from "../support/oidc-provider.js";
import { csrfToken, newClient, walkSignIn } from "../support/sign-in.js";

const SESSION_SECRET = "accounts-test-session-secret-0123456789";
const KEY = /svc_[0-9A-Za-z]{43}/;

describe("accounts: sign-in through OpenID Connect, API keys, sign-out", () => {
  let h: Harness;
  let provider: TestProvider;
  let gateway: RunningGateway;
  const clients: APIRequestContext[] = [];

  beforeAll(async () => {
    h = await createHarness();
    gateway = await serveGateway(h, async (url) => {
      provider = await startOidcProvider(`${url}/auth/callback`);
      return {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        SESSION_SECRET,
      };
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await gateway.close();
    await provider.close();
    await h.close();
  });

  async function client(): Promise<APIRequestContext> {
    const c = await newClient();
    clients.push(c);
    return c;
  }

  const api = (path: string, key?: string, header: "x-api-key" | "bearer" = "x-api-key") =>
    fetch(`${gateway.url}${path}`, {
      headers: key
        ? header === "x-api-key"
          ? { "x-api-key": key }
          : { authorization: `Bearer ${key}` }
        : {},
    });

  it("signs in, creates a key shown once, uses it, revokes it, and the key is refused afterwards", async () => {
    const browser = await client();
    const signedOut = await (await browser.get(`${gateway.url}/account`)).text();
    expect(signedOut).toContain('href="/auth/login"');

    const { response } = await walkSignIn(browser, gateway.url, "alice");
    expect(response.url()).toBe(`${gateway.url}/account`);
    let page = await response.text();
    expect(page).toContain("Signed in as alice@example.test");
    expect(page).toContain("No keys yet.");
    const account = await h.db.prisma.account.findFirstOrThrow({ where: { subject: "alice" } });
    expect(account).toMatchObject({
      issuer: provider.issuer,
      email: "alice@example.test",
      displayName: "Test alice",
    });

    // Create: the full key once, 201; only hash and prefix are stored.
    const created = await browser.post(`${gateway.url}/account/keys`, {
      form: { csrf_token: csrfToken(page) },
    });
    expect(created.status()).toBe(201);
    expect(created.headers()["cache-control"]).toBe("no-store");
    const key = KEY.exec(await created.text())![0];
    const stored = await h.db.prisma.apiKey.findFirstOrThrow({ where: { accountId: account.id } });
    expect(stored.hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(stored.prefix).toBe(key.slice(4, 12));
    expect(JSON.stringify(stored)).not.toContain(key.slice(12));

    // One active key per free account: a second is 409, the first stays active.
    page = await (await browser.get(`${gateway.url}/account`)).text();
    expect(page).not.toContain('action="/account/keys"');
    const second = await browser.post(`${gateway.url}/account/keys`, {
      form: { csrf_token: csrfToken(page) },
    });
    expect(second.status()).toBe(409);
    expect(await h.db.prisma.apiKey.count({ where: { accountId: account.id } })).toBe(1);

    // Use it both ways; keyed responses are private and carry the account's limits.
    for (const header of ["x-api-key", "bearer"] as const) {
      const res = await api("/v0.1/servers?limit=1", key, header);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-quota-limit")).toBe("5000");
    }
    await gateway.usage.flush();
    page = await (await browser.get(`${gateway.url}/account`)).text();
    expect(page).toContain(`<code>svc_${key.slice(4, 12)}…</code>`);
    expect(page).toMatch(/<strong>2<\/strong> of 5,000 requests used today/);
    const today = new Date().toISOString().slice(0, 10);
    expect(page.replace(/>\s+</g, "><")).toMatch(
      new RegExp(`<tr><td>${today}</td>(<td>\\d+</td>){9}<td>2</td><td>0</td><td><strong>2</strong>`),
    );

    // Revoke: back to the account page, key listed as revoked, and refused from now on.
    const revoked = await browser.post(`${gateway.url}/account/keys/${stored.id}/revoke`, {
      form: { csrf_token: csrfToken(page) },
    });
    expect(revoked.url()).toBe(`${gateway.url}/account`);
    page = await revoked.text();
    expect(page).toMatch(/revoked \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const refused = await api("/v0.1/servers?limit=1", key);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: "invalid_api_key", next_actions: [] });

    // A new key can be created once the old one is revoked.
    const replacement = await browser.post(`${gateway.url}/account/keys`, {
      form: { csrf_token: csrfToken(page) },
    });
    expect(replacement.status()).toBe(201);
    const newKey = KEY.exec(await replacement.text())![0];
    expect(newKey).not.toBe(key);
    expect((await api("/v0.1/servers?limit=1", newKey)).status).toBe(200);

    // Sign out: the session is gone, its forms no longer work.
    const token = csrfToken(page);
    const out = await browser.post(`${gateway.url}/auth/logout`, { form: { csrf_token: token } });
    expect(out.url()).toBe(`${gateway.url}/account`);
    expect(await out.text()).toContain('href="/auth/login"');
    expect(await h.db.prisma.session.count({ where: { accountId: account.id } })).toBe(0);
    const after = await browser.post(`${gateway.url}/account/keys`, { form: { csrf_token: token } });
    expect(after.status()).toBe(401);
  });

  it("refuses account forms without the session's CSRF token", async () => {
    const browser = await client();
    const { response } = await walkSignIn(browser, gateway.url, "bob");
    const page = await response.text();
    for (const form of [{}, { csrf_token: "forged" }, { csrf_token: `${csrfToken(page)}x` }] as Record<
      string,
      string
    >[]) {
      const res = await browser.post(`${gateway.url}/account/keys`, { form });
      expect(res.status()).toBe(403);
    }
    const logout = await browser.post(`${gateway.url}/auth/logout`, { form: { csrf_token: "forged" } });
    expect(logout.status()).toBe(403);
    const account = await h.db.prisma.account.findFirstOrThrow({ where: { subject: "bob" } });
    expect(await h.db.prisma.apiKey.count({ where: { accountId: account.id } })).toBe(0);
    expect(await h.db.prisma.session.count({ where: { accountId: account.id } })).toBe(1);
  });

  it("sets the session cookie HTTP-only and SameSite, and keeps only its hash", async () => {
    const browser = await client();
    await walkSignIn(browser, gateway.url, "carol");
    const cookie = (await browser.storageState()).cookies.find((c) => c.name === "catalog_session")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const hash = createHash("sha256").update(cookie.value).digest("hex");
    const session = await h.db.prisma.session.findUniqueOrThrow({ where: { idHash: hash } });
    expect(session.idHash).not.toBe(cookie.value);
  });

  describe("the callback checks state, nonce and PKCE", () => {
    /** A provider answer for a fresh sign-in, and the transaction the gateway kept for it. */
    async function providerAnswer(): Promise<{ callback: string; transaction: Record<string, string> }> {
      const browser = await client();
      const { stoppedAt } = await walkSignIn(browser, gateway.url, "mallory", `${gateway.url}/auth/callback`);
      const cookie = (await browser.storageState()).cookies.find((c) => c.name === "catalog_login")!;
      const signed = decodeURIComponent(cookie.value);
      const transaction = JSON.parse(signed.slice("s:j:".length, signed.lastIndexOf("."))) as Record<
        string,
        string
      >;
      return { callback: stoppedAt!, transaction };
    }

    const callbackWith = (callback: string, transaction: Record<string, string>) =>
      fetch(callback, {
        redirect: "manual",
        headers: {
          cookie: `catalog_login=${encodeURIComponent(`s:${sign(`j:${JSON.stringify(transaction)}`, SESSION_SECRET)}`)}`,
        },
      });

    it("accepts the untouched answer", async () => {
      const { callback, transaction } = await providerAnswer();
      const res = await callbackWith(callback, transaction);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/account");
    });

    it.each([
      ["state", { state: "not-the-state" }],
      ["nonce", { nonce: "not-the-nonce" }],
      ["PKCE verifier", { codeVerifier: "x".repeat(43) }],
    ])("refuses a wrong %s", async (_what, change) => {
      const { callback, transaction } = await providerAnswer();
      const res = await callbackWith(callback, { ...transaction, ...change });
      expect(res.status).toBe(400);
      expect(res.headers.get("set-cookie") ?? "").not.toContain("catalog_session=");
    });

    it("refuses an answer without the signed sign-in cookie, or with a forged one", async () => {
      const { callback, transaction } = await providerAnswer();
      expect((await fetch(callback, { redirect: "manual" })).status).toBe(400);
      const forged = `s:${sign(`j:${JSON.stringify(transaction)}`, "another-secret-another-secret-xx")}`;
      const res = await fetch(callback, {
        redirect: "manual",
        headers: { cookie: `catalog_login=${encodeURIComponent(forged)}` },
      });
      expect(res.status).toBe(400);
    });
  });
});

describe("accounts without a sign-in provider", () => {
  it("keep the API open and say sign-in is unavailable", async () => {
    const h = await createHarness();
    const gateway = await serveGateway(h);
    try {
      expect((await fetch(`${gateway.url}/auth/login`, { redirect: "manual" })).status).toBe(503);
      const page = await (await fetch(`${gateway.url}/account`)).text();
      expect(page).toContain("Sign-in is not configured");
      expect((await fetch(`${gateway.url}/v0.1/servers`)).status).toBe(200);
    } finally {
      await gateway.close();
      await h.close();
    }
  });
});
