import type { Remote } from "@catalog/registry";
import { describe, hostOf, needsUserValue, urlVariables } from "./inputs.js";
import type { Candidate, RemoteEvidence } from "./types.js";

/** Outcomes of a probe that show a remote answering MCP. */
const WORKING = new Set(["ok", "auth_required"]);

/**
 * Classifies one remote. Declared credentials and templates decide on their own; otherwise only
 * a probe can tell, and a remote never probed stays unknown (returns null) rather than a guessed R0.
 */
export function assessRemote(remote: Remote, index: number, evidence?: RemoteEvidence): Candidate | null {
  const via = { kind: "remote" as const, index, type: remote.type, url: remote.url };
  const host = hostOf(remote.url);
  const preferSse = remote.type === "sse" ? 0.5 : 0;
  const variables = urlVariables(remote.url);
  const headers = (remote.headers ?? []).filter(needsUserValue);
  if (variables.length > 0 || headers.length > 0) {
    const steps = [
      ...variables.map((v) => {
        const declared = remote.variables?.[v];
        return `Fill in {${v}} in the server URL: ${declared ? describe(declared, v) : v}`;
      }),
      ...headers.map(
        (h) =>
          `Obtain a credential for ${host} and send it as the ${h.name} header (${describe(h, h.name ?? "")})`,
      ),
    ];
    const reason =
      variables.length > 0
        ? "The remote URL has template variables a human must fill in."
        : "The remote needs a credential header.";
    return { class: "R2", autonomous: false, human_steps: steps, via, reason, rank: 3 + preferSse };
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
      reason: "OAuth with discoverable metadata and automatic client registration.",
      rank: 1 + preferSse,
    };
  }
  const issuer = oauth?.authorizationServer ? hostOf(oauth.authorizationServer) : host;
  return {
    class: "R2",
    autonomous: false,
    human_steps: [`Register an OAuth client with ${issuer} and configure its client ID in your MCP client`],
    via,
    reason: "The remote requires authorization that a client cannot complete on its own.",
    rank: 3 + preferSse,
  };
}
