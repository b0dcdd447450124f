import type { Config } from "@catalog/config";
import type { OidcSettings } from "./oidc.service.js";

/** The settings sign-in reads (the gateway's config includes them). */
export type OidcConfig = Pick<
  Config,
  | "BASE_URL"
  | "OIDC_ISSUER"
  | "OIDC_CLIENT_ID"
  | "OIDC_CLIENT_SECRET"
  | "OIDC_REDIRECT_URI"
  | "OIDC_SCOPES"
  | "SESSION_SECRET"
>;

/** Sign-in settings, or undefined when OIDC_ISSUER is unset; incomplete settings stop the start. */
export function oidcSettings(config: OidcConfig): (OidcSettings & { secret: string }) | undefined {
  if (!config.OIDC_ISSUER) return undefined;
  const problems = [
    !config.OIDC_CLIENT_ID && "OIDC_CLIENT_ID is required",
    (config.SESSION_SECRET ?? "").length < 32 && "SESSION_SECRET of at least 32 characters is required",
    !config.OIDC_SCOPES.split(/\s+/).includes("openid") && "OIDC_SCOPES must include openid",
  ].filter(Boolean);
  if (problems.length) throw new Error(`invalid sign-in configuration: ${problems.join("; ")}`);
  return {
    issuer: new URL(config.OIDC_ISSUER),
    clientId: config.OIDC_CLIENT_ID!,
    clientSecret: config.OIDC_CLIENT_SECRET,
    redirectUri: new URL(config.OIDC_REDIRECT_URI ?? "/auth/callback", config.BASE_URL),
    scopes: config.OIDC_SCOPES,
    secret: config.SESSION_SECRET!,
  };
}
