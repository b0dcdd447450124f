import * as oidc from "openid-client";
import type { AccountIdentity } from "@catalog/db";

export type OidcSettings = {
  issuer: URL;
  clientId: string;
  clientSecret: string | undefined;
  redirectUri: URL;
  scopes: string;
};

/** What the browser keeps (in a signed, short-lived cookie) between login and callback. */
export type LoginTransaction = { state: string; nonce: string; codeVerifier: string };

/** A sign-in that cannot complete: 400 when the browser's answer is wrong, 502 when the provider fails. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 502 = 400,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** fetch() failures (refused, DNS, TLS) are TypeErrors; everything else is a protocol error. */
function signInError(err: unknown): SignInError {
  if (err instanceof SignInError) return err;
  if (err instanceof TypeError)
    return new SignInError("the sign-in provider could not be reached", 502, { cause: err });
  return new SignInError(err instanceof Error ? err.message : String(err), 400, { cause: err });
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Sign-in through any OpenID Connect provider with openid-client: authorization code flow with
 * PKCE (S256), state and nonce, all three checked on the way back. The provider's metadata is
 * discovered on first use and rediscovered after a failure.
 */
export class OidcService {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {
    const { protocol, hostname } = settings.issuer;
    if (protocol !== "https:" && !(protocol === "http:" && LOOPBACK.has(hostname)))
      throw new Error(`OIDC_ISSUER must be https (plain http only on loopback): ${settings.issuer.href}`);
  }

  private async config(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        this.settings.issuer,
        this.settings.clientId,
        undefined,
        // Basic is the authentication method every provider must support (RFC 6749 2.3.1).
        this.settings.clientSecret ? oidc.ClientSecretBasic(this.settings.clientSecret) : oidc.None(),
        this.settings.issuer.protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw new SignInError("the sign-in provider could not be reached", 502, { cause: err });
      });
    return this.configuration;
  }

  /** The provider URL to send the browser to, and the secrets to keep until it comes back. */
  async begin(): Promise<{ url: URL; transaction: LoginTransaction }> {
    const config = await this.config();
    const transaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri.href,
      scope: this.settings.scopes,
      response_type: "code",
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: "S256",
      state: transaction.state,
      nonce: transaction.nonce,
    });
    return { url, transaction };
  }

  /**
   * Exchanges the code of a callback for a verified ID token. Any mismatch (state, nonce, PKCE,
   * issuer, audience, signature) or a provider error is a SignInError.
   */
  async complete(query: string, transaction: LoginTransaction): Promise<AccountIdentity> {
    const config = await this.config();
    const callback = new URL(this.settings.redirectUri);
    callback.search = query;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new SignInError("the provider returned no ID token");
      // Many providers put email and name only in userinfo when an access token is issued.
      const profile =
        typeof claims.email === "string" || !config.serverMetadata().userinfo_endpoint
          ? claims
          : await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof profile.email === "string" ? profile.email : null,
        displayName: typeof profile.name === "string" ? profile.name : null,
      };
    } catch (err) {
      throw signInError(err);
    }
  }
}
