import { noProbeAuth, type ProbeAuth } from "@catalog/contracts";
import { buildDiscoveryUrls, extractWWWAuthenticateParams } from "@modelcontextprotocol/client";
import type { SafeFetch } from "@catalog/url-policy";
import { z } from "zod";

const ResourceMetadataSchema = z.looseObject({
  resource: z.string().optional(),
  authorization_servers: z.array(z.string()).optional(),
  scopes_supported: z.array(z.string()).optional(),
});

const ServerMetadataSchema = z.looseObject({
  issuer: z.string().optional(),
  authorization_endpoint: z.string().optional(),
  token_endpoint: z.string().optional(),
  registration_endpoint: z.string().optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  client_id_metadata_document_supported: z.boolean().optional(),
});

type Fetched<T> = { url: string; body: T } | { url: string; problem: string };

/** GETs a JSON metadata document; a refused connection and a 404 are told apart in the problem. */
async function getJson<T>(fetch: SafeFetch, url: string, schema: z.ZodType<T>): Promise<Fetched<T>> {
  try {
    const res = await fetch(url, { headers: { accept: "application/json" } });
    if (!res.ok) {
      await res.body?.cancel();
      return { url, problem: `${url} answered HTTP ${res.status}` };
    }
    const parsed = schema.safeParse(await res.json());
    return parsed.success ? { url, body: parsed.data } : { url, problem: `${url} is not a metadata object` };
  } catch (err) {
    return { url, problem: `${url} could not be read (${(err as Error).message})` };
  }
}

/** RFC 9728 section 3.1: the well-known URI with the resource's path inserted, then at the root. */
function wellKnownResourceUrls(
  server: URL,
): { url: string; source: "well-known-path" | "well-known-root" }[] {
  const path = server.pathname.replace(/\/$/, "");
  const root = {
    url: `${server.origin}/.well-known/oauth-protected-resource`,
    source: "well-known-root" as const,
  };
  return path ? [{ url: `${root.url}${path}`, source: "well-known-path" as const }, root] : [root];
}

const canonical = (u: string) => u.replace(/\/$/, "").toLowerCase();

/**
 * The MCP authorization discovery chain after a 401 (spec 2025-11-25 and 2026-07-28): the
 * challenge's resource_metadata, else RFC 9728 metadata at both well-known locations; then the
 * first authorization server's RFC 8414 or OpenID metadata. Every shortfall is named in
 * `problems`. All requests go through the probe's safe fetch.
 */
export async function discoverAuth(server: URL, challenge: Headers, fetch: SafeFetch): Promise<ProbeAuth> {
  const auth: ProbeAuth = { ...noProbeAuth(), required: true };
  const params = extractWWWAuthenticateParams(new Response(null, { status: 401, headers: challenge }));
  auth.challenge_scope = params.scope ?? null;
  if (!/^\s*(Bearer|DPoP)\b/i.test(challenge.get("www-authenticate") ?? "")) {
    auth.problems.push("The 401 has no Bearer WWW-Authenticate challenge.");
  }
  const candidates = [
    ...(params.resourceMetadataUrl
      ? [{ url: params.resourceMetadataUrl.toString(), source: "www-authenticate" as const }]
      : []),
    ...wellKnownResourceUrls(server),
  ];
  let resource: z.infer<typeof ResourceMetadataSchema> | undefined;
  for (const candidate of candidates) {
    const got = await getJson(fetch, candidate.url, ResourceMetadataSchema);
    if ("body" in got) {
      resource = got.body;
      auth.resource_metadata_url = got.url;
      auth.resource_metadata_source = candidate.source;
      break;
    }
    if (candidate.source === "www-authenticate")
      auth.problems.push(`The challenge's resource_metadata fails: ${got.problem}.`);
  }
  if (!resource) {
    auth.problems.push(
      "No protected-resource metadata (RFC 9728) at the challenge URL or either well-known location.",
    );
    return auth;
  }
  auth.resource = resource.resource ?? null;
  auth.scopes_supported = resource.scopes_supported ?? [];
  auth.authorization_servers = resource.authorization_servers ?? [];
  if (!resource.resource) auth.problems.push("The protected-resource metadata has no resource.");
  else if (canonical(resource.resource) !== canonical(server.toString())) {
    auth.problems.push(
      `The protected-resource metadata names ${resource.resource}, not ${server.toString()}.`,
    );
  }
  const issuer = auth.authorization_servers[0];
  if (!issuer) {
    auth.problems.push("The protected-resource metadata lists no authorization_servers.");
    return auth;
  }
  let metadata: z.infer<typeof ServerMetadataSchema> | undefined;
  try {
    for (const { url } of buildDiscoveryUrls(issuer)) {
      const got = await getJson(fetch, url.toString(), ServerMetadataSchema);
      if ("body" in got) {
        metadata = got.body;
        auth.authorization_server_metadata_url = got.url;
        break;
      }
    }
  } catch {
    auth.problems.push(`The authorization server ${issuer} is not a URL.`);
    return auth;
  }
  if (!metadata) {
    auth.problems.push(`No RFC 8414 or OpenID metadata for the authorization server ${issuer}.`);
    return auth;
  }
  auth.issuer = metadata.issuer ?? null;
  if (metadata.issuer !== issuer) {
    auth.problems.push(
      `The authorization server metadata's issuer ${metadata.issuer ?? "(none)"} is not ${issuer}.`,
    );
  }
  auth.authorization_endpoint = metadata.authorization_endpoint ?? null;
  auth.token_endpoint = metadata.token_endpoint ?? null;
  auth.registration_endpoint = metadata.registration_endpoint ?? null;
  auth.client_id_metadata_document_supported = metadata.client_id_metadata_document_supported === true;
  auth.pkce_s256 = metadata.code_challenge_methods_supported?.includes("S256") ?? false;
  if (!auth.authorization_endpoint)
    auth.problems.push("The authorization server metadata has no authorization_endpoint.");
  if (!auth.token_endpoint) auth.problems.push("The authorization server metadata has no token_endpoint.");
  if (!auth.pkce_s256) auth.problems.push("The authorization server does not offer PKCE with S256.");
  return auth;
}
