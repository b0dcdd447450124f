import { daysAgo, history, probe, trustInput } from "../trust.fixtures.js";
import type { TrustRegistration } from "../types.js";
import { deprecatedRegistration } from "./deprecated-registration.js";

const registration = (overrides: Partial<TrustRegistration> = {}): TrustRegistration => ({
  issuer: "https://auth.example.com",
  metadataUrl: "https://auth.example.com/.well-known/oauth-authorization-server",
  registrationEndpoint: "https://auth.example.com/register",
  clientIdMetadataDocument: false,
  ...overrides,
});
const gated = (r: TrustRegistration | null, outcome = "auth_required") =>
  history(probe(outcome, { registration: r }), outcome === "auth_required" ? {} : { failures: 2 });

describe("deprecated_registration", () => {
  it("is present when the authorization server offers only dynamic client registration", () => {
    expect(deprecatedRegistration.detect(trustInput({ probes: [gated(registration())] }))).toEqual({
      remotes: [
        {
          url: "https://mcp.example.com/mcp",
          outcome: "auth_required",
          probed_at: daysAgo(1).toISOString(),
          issuer: "https://auth.example.com",
          authorization_server_metadata_url:
            "https://auth.example.com/.well-known/oauth-authorization-server",
          registration_endpoint: "https://auth.example.com/register",
          client_id_metadata_document_supported: false,
        },
      ],
    });
  });
  it("is absent with client ID metadata documents, without registration, or without a live answer", () => {
    const cimd = gated(registration({ clientIdMetadataDocument: true }));
    const manual = gated(registration({ registrationEndpoint: null }));
    const down = gated(registration(), "timeout");
    for (const h of [cimd, manual, down, gated(null)]) {
      expect(deprecatedRegistration.detect(trustInput({ probes: [h] }))).toBeNull();
    }
  });
});
