import { z } from "zod";
import { OAuthMetadataSchema } from "./connection.js";
import { ProbeServerCardSchema } from "./server-card.js";
import { ACCESS_CLASSES, CACHE_SCOPES, PROBE_OUTCOMES } from "./vocabulary.js";

export const PROBE_TRANSPORTS = ["streamable-http", "sse"] as const;

/**
 * What a probe learned about a server's OAuth setup. `probes.result.auth` has this shape, and the
 * connection endpoint reads it: the fields of OAuthMetadataSchema are a fixed contract.
 */
export const ProbeAuthSchema = OAuthMetadataSchema.extend({
  /** Where the protected-resource metadata was found. */
  resource_metadata_source: z.enum(["www-authenticate", "well-known-path", "well-known-root"]).nullable(),
  /** The authorization-server metadata document that was used, and its issuer. */
  authorization_server_metadata_url: z.string().nullable(),
  issuer: z.string().nullable(),
  /** The scope the 401 challenge asked for, if any. */
  challenge_scope: z.string().nullable(),
  /** Each way the metadata falls short of the MCP authorization spec; empty when it is sound. */
  problems: z.array(z.string()),
});
export type ProbeAuth = z.infer<typeof ProbeAuthSchema>;

/** The auth block of a probe that met no authorization: nothing required, nothing found. */
export function noProbeAuth(): ProbeAuth {
  return {
    required: false,
    resource_metadata_url: null,
    resource: null,
    authorization_servers: [],
    scopes_supported: [],
    pkce_s256: false,
    client_id_metadata_document_supported: false,
    registration_endpoint: null,
    authorization_endpoint: null,
    token_endpoint: null,
    resource_metadata_source: null,
    authorization_server_metadata_url: null,
    issuer: null,
    challenge_scope: null,
    problems: [],
  };
}

/** A listed tool as checks report it: no schemas (they are in the catalog's tool list). */
export const ProbeToolSchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string(),
  annotations: z.record(z.string(), z.unknown()).nullable(),
});
export type ProbeTool = z.infer<typeof ProbeToolSchema>;

export const ProbeRedirectSchema = z.object({ from: z.string(), to: z.string(), status: z.number().int() });

/**
 * The tools listed again under another client identity, against the prober's own listing: what
 * the other client is shown that the prober is not (`added`), is not shown (`removed`), or is
 * shown differently (`changed`). A server that shows different tools to different clients is cloaking.
 */
export const ProbeCloakingSchema = z.object({
  /** The other identity, `<name>/<version>`, as clientInfo and User-Agent. */
  identity: z.string(),
  differs: z.boolean(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
});
export type ProbeCloaking = z.infer<typeof ProbeCloakingSchema>;

/** What a 2026-07-28 list result said about caching it (SEP-2549): for how long, and for whom. */
export const ListCacheSchema = z.object({
  /** `ttlMs` of the list's first page; null when the server sent none (every pre-2026-07-28 server). */
  ttl_ms: z.number().int().min(0).nullable(),
  cache_scope: z.enum(CACHE_SCOPES).nullable(),
});
export type ListCache = z.infer<typeof ListCacheSchema>;

export const ProbeResultSchema = z.object({
  url: z.string(),
  /** Where the MCP endpoint was finally reached, after redirects. */
  final_url: z.string(),
  outcome: z.enum(PROBE_OUTCOMES),
  /** One sentence on why the outcome is what it is. */
  detail: z.string(),
  transport: z.enum(PROBE_TRANSPORTS).nullable(),
  protocol: z.object({
    /** modern: 2026-07-28 server/discover; legacy: the initialize handshake. */
    era: z.enum(["modern", "legacy"]).nullable(),
    version: z.string().nullable(),
    supported_versions: z.array(z.string()),
  }),
  server_info: z
    .object({
      name: z.string(),
      version: z.string(),
      title: z.string().nullable(),
      description: z.string().nullable(),
    })
    .nullable(),
  auth: ProbeAuthSchema,
  tools: z.array(ProbeToolSchema),
  tool_count: z.number().int(),
  tool_pages: z.number().int(),
  /** Why the tool list is missing or incomplete, when it is. */
  tools_error: z.string().nullable(),
  redirects: z.array(ProbeRedirectSchema),
  /** HTTP status of the last answer from the MCP endpoint. */
  http_status: z.number().int().nullable(),
  timings: z.object({
    total_ms: z.number().int(),
    /** server/discover or initialize, whichever established the connection. */
    handshake_ms: z.number().int().nullable(),
    tools_ms: z.number().int().nullable(),
  }),
  started_at: z.iso.datetime(),
  finished_at: z.iso.datetime(),
  /** Null when the listing was not compared (an on-demand check, a failed or incomplete listing); absent in older results. */
  cloaking: ProbeCloakingSchema.nullable().optional(),
  /** The server card (SEP-2127) the probe read; null when not read (no answer from the server); absent in older results. */
  server_card: ProbeServerCardSchema.nullable().optional(),
  /**
   * How far the remote lets an unauthenticated client in (ACCESS_CLASSES). A late gate keeps
   * what the handshake gave (protocol, server_info, capabilities) and the authorization
   * discovery from tools/list's 401. Null when the probe could not tell (no MCP answer, or
   * tools/list failed otherwise); absent in older results.
   */
  access: z.enum(ACCESS_CLASSES).nullable().optional(),
  /** The capabilities the handshake declared (server/discover or initialize); absent in older results. */
  capabilities: z.record(z.string(), z.unknown()).nullable().optional(),
  /** What tools/list said about caching it; null when it was not listed; absent in older results. */
  tools_cache: ListCacheSchema.nullable().optional(),
  /**
   * Set when a scheduled probe did not ask for tools/list again because the last list is
   * cacheable until then (its ttl is longer than the probe interval): `tools`, `tool_count` and
   * `tool_pages` are that list's, carried forward by the catalog. Null or absent otherwise.
   */
  tools_reused_until: z.iso.datetime().nullable().optional(),
});
export type ProbeResult = z.infer<typeof ProbeResultSchema>;
