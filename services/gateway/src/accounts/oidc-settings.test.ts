import { loadConfig } from "@catalog/config";
import { oidcSettings } from "./oidc-settings.js";

const SECRET = "x".repeat(32);

describe("sign-in settings", () => {
  it("are off without an issuer", () => {
    expect(oidcSettings(loadConfig({}))).toBeUndefined();
  });

  it("default the callback to BASE_URL/auth/callback", () => {
    const s = oidcSettings(
      loadConfig({
        BASE_URL: "https://catalog.example",
        OIDC_ISSUER: "https://id.example",
        OIDC_CLIENT_ID: "catalog",
        SESSION_SECRET: SECRET,
      }),
    );
    expect(s?.redirectUri.href).toBe("https://catalog.example/auth/callback");
    expect(s?.scopes).toBe("openid email profile");
  });

  it("list every missing piece at once", () => {
    expect(() =>
      oidcSettings(loadConfig({ OIDC_ISSUER: "https://id.example", SESSION_SECRET: "short" })),
    ).toThrow(
      "invalid sign-in configuration: OIDC_CLIENT_ID is required; SESSION_SECRET of at least 32 characters is required",
    );
  });
});
