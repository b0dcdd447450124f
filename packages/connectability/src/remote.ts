import { endpointSteps, isRefusal, placeholdersOf, remoteEndpoint } from "@catalog/client-configs";
import type { Remote } from "@catalog/registry";
import { hostOf } from "./inputs.js";
import type { Candidate, RemoteEvidence } from "./types.js";

/** Outcomes of a probe that show a remote answering MCP. */
const WORKING = new Set(["ok", "auth_required"]);

/**
 * Classifies one remote. Values its config needs from the user (URL variables, headers) decide
 * on their own, read from the same endpoint the configs are built from (`key` names them);
 * otherwise only a probe can tell, and a remote never probed stays unknown (returns null)
 * rather than a guessed R0.
 */
export function assessRemote(
  remote: Remote,
  index: number,
  key: string,
  evidence?: RemoteEvidence,
): Candidate | null {
  const via = { kind: "remote" as const, index, type: remote.type, url: remote.url };
  const host = hostOf(remote.url);
  const preferSse = remote.type === "sse" ? 0.5 : 0;
  const endpoint = remoteEndpoint(remote, index, key);
  if (isRefusal(endpoint)) return null;
  const templated = placeholdersOf(endpoint.url).length > 0;
  if (templated || endpoint.headers.some((h) => placeholdersOf(h.value).length > 0)) {
    const reason = templated
      ? "The remote URL has template variables a human must fill in."
      : "The remote needs a credential header.";
    return {
      class: "R2",
      autonomous: false,
      human_steps: endpointSteps(endpoint),
      via,
      reason,
      rank: 3 + preferSse,
    };
  }
  if (!evidence || !WORKING.has(evidence.outcome)) return null;
  if (evidence.outcome === "ok") {
    return {
      class: "R0",
      autonomous: true,
      human_steps: [],
      via,
      reason: "The remote answered MCP without credentials.",
      rank: preferSse,
    };
  }
  // A late gate answered the handshake: it is live, only its tools wait for sign-in.
  const tools = evidence.access === "late_gate" ? " Its tools are listed only after sign-in." : "";
  const oauth = evidence.oauth;
  if (
    oauth?.protectedResourceMetadata &&
    oauth.authorizationServerMetadata &&
    (oauth.clientIdMetadataDocument || oauth.dynamicRegistration)
  ) {
    return {
      class: "R1",
      autonomous: false,
      human_steps: [`Sign in to ${host} in the browser window that opens`],
      via,
      reason: `OAuth with discoverable metadata and automatic client registration.${tools}`,
      rank: 1 + preferSse,
    };
  }
  const issuer = oauth?.authorizationServer ? hostOf(oauth.authorizationServer) : host;
  return {
    class: "R2",
    autonomous: false,
    human_steps: [`Register an OAuth client with ${issuer} and configure its client ID in your MCP client`],
    via,
    reason: `The remote requires authorization that a client cannot complete on its own.${tools}`,
    rank: 3 + preferSse,
  };
}
