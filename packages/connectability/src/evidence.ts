import { ACCESS_CLASSES, ProbeAuthSchema, type AccessClass } from "@catalog/contracts";
import type { RemoteEvidence } from "./types.js";

/**
 * What the latest probe of a remote says about connecting to it: the outcome, and for a remote
 * behind OAuth whether a client can complete authorization on its own. Reads the stored probe
 * result loosely: an old or partial `auth` block counts as no OAuth evidence.
 */
export function evidenceFromProbe(url: string, outcome: string, result: unknown): RemoteEvidence {
  const auth = ProbeAuthSchema.safeParse((result as { auth?: unknown } | null)?.auth);
  const recorded = (result as { access?: unknown } | null)?.access;
  const found = ACCESS_CLASSES.find((c): c is AccessClass => c === recorded);
  const access = found ? { access: found } : {};
  if (!auth.success || !auth.data.required) return { url, outcome, ...access };
  const a = auth.data;
  return {
    url,
    outcome,
    ...access,
    oauth: {
      protectedResourceMetadata: a.resource_metadata_url !== null && a.authorization_servers.length > 0,
      authorizationServerMetadata:
        a.authorization_endpoint !== null && a.token_endpoint !== null && a.pkce_s256,
      clientIdMetadataDocument: a.client_id_metadata_document_supported,
      dynamicRegistration: a.registration_endpoint !== null,
      authorizationServer: a.authorization_servers[0],
    },
  };
}
