import type { AuthType, OAuthMetadata } from "@catalog/contracts";
import { isTemplated, type Remote } from "@catalog/registry";

/** What is known of one remote for its auth type. */
export type RemoteAuthInput = {
  remote: Remote;
  /** The latest probe of the remote's URL, when it was probed, with its OAuth summary if it has one. */
  probe: { outcome: string; authRequired: boolean; auth: OAuthMetadata | null } | undefined;
  /** The server's connectability as the catalog derived it: its class and the remote it chose. */
  connectionClass: string;
  via: { kind: string; url?: string | undefined } | null;
};

export type RemoteAuth = { auth_type: AuthType | null; oauth: OAuthMetadata | null };

/** A remote that declares a credential header: a required or secret one, or a templated value. */
export function declaresCredential(remote: Remote): boolean {
  return (remote.headers ?? []).some((h) =>
    h.value ? isTemplated(h.value) : (h.isRequired === true || h.isSecret === true) && !h.default,
  );
}

/**
 * auth_type and oauth of a remote, when known. A declared credential header decides first; then
 * the latest probe of the URL (its OAuth summary when it required authorization, or a plain
 * success); then the connectability the catalog derived, when it chose this remote.
 */
export function remoteAuth({ remote, probe, connectionClass, via }: RemoteAuthInput): RemoteAuth {
  const oauth = probe?.auth?.required ? probe.auth : null;
  if (declaresCredential(remote)) return { auth_type: "header", oauth };
  if (oauth) return { auth_type: "oauth", oauth };
  if (probe) return { auth_type: probe.authRequired ? null : probe.outcome === "ok" ? "none" : null, oauth };
  if (via?.kind === "remote" && via.url === remote.url) {
    if (connectionClass === "R0") return { auth_type: "none", oauth };
    if (connectionClass === "R1") return { auth_type: "oauth", oauth };
  }
  return { auth_type: null, oauth };
}
