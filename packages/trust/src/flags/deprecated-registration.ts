import { live, sighting, standings, type TrustFlagDefinition } from "../types.js";

export const deprecatedRegistration: TrustFlagDefinition = {
  flag: "deprecated_registration",
  weight: -3,
  meaning:
    "A live remote's authorization server lets clients register only by dynamic client registration, deprecated in the 2026-07-28 revision in favour of client ID metadata documents, which its metadata does not offer: clients moving to CIMD will need a registration it no longer promises.",
  detect: (input) => {
    const found = standings(input)
      .filter(live)
      .map((s) => s.observed)
      .filter((p) => p.registration?.registrationEndpoint && !p.registration.clientIdMetadataDocument);
    if (found.length === 0) return null;
    return {
      remotes: found.map((p) => ({
        ...sighting(p),
        issuer: p.registration!.issuer,
        authorization_server_metadata_url: p.registration!.metadataUrl,
        registration_endpoint: p.registration!.registrationEndpoint,
        client_id_metadata_document_supported: false,
      })),
    };
  },
};
