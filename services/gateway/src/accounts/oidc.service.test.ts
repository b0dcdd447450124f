import { createHash } from "node:crypto";
import { startOidcProvider, type TestProvider } from "../../../../tests/support/oidc-provider.js";
import { OidcService, SignInError, type LoginTransaction, type OidcSettings } from "./oidc.service.js";

/** Never loaded: the walk stops before the browser would follow the provider back here. */
const REDIRECT_URI = "http://127.0.0.1:9/auth/callback";
const FORM =
  /<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>[\s\S]*?name="prompt" value="(login|consent)"/;

/**
 * Follows the provider's redirects and fills its own login and consent forms as a browser would
 * (cookies kept), until it sends the browser back to REDIRECT_URI; returns that callback's query.
 */
async function signInAt(url: URL, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const send = async (target: string, form?: Record<string, string>) => {
    const res = await fetch(target, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form && new URLSearchParams(form).toString(),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [, name, value] = /^([^=]+)=([^;]*)/.exec(cookie) ?? [];
      if (!name) continue;
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  let at = url.href;
  let res = await send(at);
  for (let step = 0; step < 20; step++) {
    const location = res.headers.get("location");
    if (location) {
      at = new URL(location, at).href;
      if (at.startsWith(REDIRECT_URI)) return new URL(at).search;
      res = await send(at);
      continue;
    }
    const form = FORM.exec(await res.text());
    if (!form) throw new Error(`the provider answered ${res.status} without a form`);
    const [, action, prompt] = form;
    at = new URL(action!, at).href;
    res = await send(at, prompt === "login" ? { prompt, login, password: "any" } : { prompt: prompt! });
  }
  throw new Error("sign-in did not finish in 20 steps");
}

describe("OidcService (real OpenID Connect provider)", () => {
  let provider: TestProvider;
  let service: OidcService;
  const settings = (overrides: Partial<OidcSettings> = {}): OidcSettings => ({
    issuer: new URL(provider.issuer),
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    redirectUri: new URL(REDIRECT_URI),
    scopes: "openid email profile",
    ...overrides,
  });
  /** A sign-in begun and walked through at the provider: the callback's query and the kept secrets. */
  const signIn = async (login: string, through = service) => {
    const { url, transaction } = await through.begin();
    return { query: await signInAt(url, login), transaction };
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (err: unknown) => err instanceof SignInError && { status: err.status },
    );

  beforeAll(async () => {
    provider = await startOidcProvider(REDIRECT_URI);
    service = new OidcService(settings());
  });
  afterAll(() => provider.close());

  it("accepts only an https issuer, or plain http on loopback", () => {
    for (const issuer of ["http://id.example", "http://10.0.0.1:8080", "ftp://id.example"])
      expect(() => new OidcService(settings({ issuer: new URL(issuer) }))).toThrow(/must be https/);
    for (const issuer of ["https://id.example", "http://localhost:8080", "http://[::1]:8080"])
      expect(() => new OidcService(settings({ issuer: new URL(issuer) }))).not.toThrow();
  });

  it("sends the browser to the provider with fresh state, nonce and an S256 PKCE challenge", async () => {
    const { url, transaction } = await service.begin();
    expect(url.origin + url.pathname).toBe(`${provider.issuer}/auth`);
    const challenge = createHash("sha256").update(transaction.codeVerifier).digest("base64url");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: provider.clientId,
      redirect_uri: REDIRECT_URI,
      scope: "openid email profile",
      response_type: "code",
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: transaction.state,
      nonce: transaction.nonce,
    });
    const again = (await service.begin()).transaction;
    for (const secret of ["state", "nonce", "codeVerifier"] as const)
      expect(again[secret]).not.toBe(transaction[secret]);
  });

  it("completes a sign-in with the identity the provider verified, once", async () => {
    const { query, transaction } = await signIn("alice");
    // Email and name are not in the ID token here: they come from userinfo.
    expect(await service.complete(query, transaction)).toEqual({
      issuer: provider.issuer,
      subject: "alice",
      email: "alice@example.test",
      displayName: "Test alice",
    });
    expect(await refusal(service.complete(query, transaction))).toEqual({ status: 400 });
  });

  it("leaves email and name empty when the scopes do not grant them", async () => {
    const narrow = new OidcService(settings({ scopes: "openid" }));
    const { query, transaction } = await signIn("bob", narrow);
    expect(await narrow.complete(query, transaction)).toEqual({
      issuer: provider.issuer,
      subject: "bob",
      email: null,
      displayName: null,
    });
  });

  it.each<[string, (t: LoginTransaction) => LoginTransaction]>([
    ["state", (t) => ({ ...t, state: "another-state" })],
    ["PKCE verifier", (t) => ({ ...t, codeVerifier: `${t.codeVerifier.slice(0, -1)}x` })],
    ["nonce", (t) => ({ ...t, nonce: "another-nonce" })],
  ])("refuses a callback whose %s does not match the sign-in's (400)", async (_what, change) => {
    const { query, transaction } = await signIn("mallory");
    expect(await refusal(service.complete(query, change(transaction)))).toEqual({ status: 400 });
  });

  it("refuses a callback carrying the provider's error (400)", async () => {
    const { transaction } = await service.begin();
    const query = `?error=access_denied&state=${transaction.state}&iss=${encodeURIComponent(provider.issuer)}`;
    expect(await refusal(service.complete(query, transaction))).toEqual({ status: 400 });
  });

  // An unreachable token endpoint is not asserted here: under jest's VM modules fetch's TypeError
  // comes from another realm, so openid-client wraps it and the service answers 400 (502 in Node).
  it("fails as 502 when the provider cannot be reached, to begin or to complete a sign-in", async () => {
    const nowhere = new OidcService(settings({ issuer: new URL("http://127.0.0.1:9") }));
    expect(await refusal(nowhere.begin())).toEqual({ status: 502 });
    expect(await refusal(nowhere.complete("?code=c&state=s", (await service.begin()).transaction))).toEqual({
      status: 502,
    });
  });
});
