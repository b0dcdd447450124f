import { z } from "zod";
import { InvalidApiKeyBodySchema, RateLimitedBodySchema } from "../access.js";
import { BadRequestBodySchema, ErrorBodySchema, ProblemSchema } from "../errors.js";
import type { ResponseSpec } from "./operation.js";

const error = (code: string, description: string, extra: z.ZodRawShape = {}): ResponseSpec => ({
  description,
  error: code,
  schema: ErrorBodySchema.extend({ error: z.literal(code), ...extra }),
});

/** The error answers the operations share, each with its body. */
export const ERRORS = {
  badRequest: {
    description: "A parameter or the body is invalid: `issues.fieldErrors` says which and why.",
    schema: BadRequestBodySchema,
  },
  invalidKey: {
    description: "The API key sent is malformed, unknown or revoked (never served anonymously instead).",
    schema: InvalidApiKeyBodySchema,
  },
  rateLimited: {
    description: "Over the per-minute limit or the daily quota; `retry_after` equals the retry-after header.",
    schema: RateLimitedBodySchema,
  },
  unavailable: {
    description:
      "PostgreSQL, Redis or the search service is away for a moment; retry after `retry_after` seconds.",
    schema: ErrorBodySchema.extend({
      error: z.enum(["service_unavailable", "search_unavailable"]),
      retry_after: z.number().int().nonnegative(),
      request_id: z.string().optional(),
    }),
  },
  internal: error("internal", "An unexpected failure, with the request id to report.", {
    request_id: z.string(),
  }),
  notFound: error("not_found", "No documented route has this path."),
  methodNotAllowed: error("method_not_allowed", "Only POST is offered here (`allow` says so)."),
  serverNotFound: error("server_not_found", "No server of this name is in the catalog."),
  checkNotFound: error("check_not_found", "No check has this id (or it was deleted after its retention)."),
  blocked: error("blocked", "The operators blocked this server; `reason` says why.", { reason: z.string() }),
  deleted: error("deleted", "The registry marked this server deleted.", { deleted_at: z.string() }),
  noConnection: error("no_connection", "No config can be given for this target; `reason` says why.", {
    reason: z.string(),
  }),
  invalidUrl: error("invalid_url", "The URL may not be checked; `reason` says why.", { reason: z.string() }),
  checkQuota: error("check_quota_exceeded", "Over a check allowance; `scope` names it.", {
    scope: z.string(),
    retry_after: z.number().int().nonnegative(),
  }),
  viewNotEditable: error(
    "view_not_editable",
    "A built-in view, or one of VIEWS_FILE: change it there (or use another name).",
    { view: z.string() },
  ),
  viewNotFound: error("view_not_found", "No view of this name is stored.", { view: z.string() }),
  adminTokenRequired: error(
    "admin_token_required",
    "An operator route asked without the admin token (or with a wrong one).",
  ),
  payloadTooLarge: error(
    "payload_too_large",
    "The body (as sent, or once decompressed) is over the route's limit.",
  ),
  unsupportedMediaType: error(
    "unsupported_media_type",
    "The body is not JSON in UTF-8, or is sent with a content-encoding the API does not read.",
  ),
  headersTooLarge: error(
    "headers_too_large",
    "The request line and headers are over the server's limit (a very long query string, say).",
  ),
  problem: {
    description: "The official registry API's problem details (RFC 9457).",
    schema: ProblemSchema,
    contentType: "application/problem+json",
  },
} satisfies Record<string, ResponseSpec>;

/** Two answers of one status: either body may come (one answer stated twice is that answer). */
export function either(a: ResponseSpec, b: ResponseSpec): ResponseSpec {
  if (!a.schema || !b.schema || a === b) return a;
  const { error: _one, ...spec } = a; // two answers name two codes
  return {
    ...spec,
    description: `${a.description} Or: ${b.description}`,
    schema: z.union([a.schema, b.schema]),
  };
}

/** What every operation behind the API limits may answer besides its own answers. */
/**
 * What any request may be answered before its route reads it: a path whose percent-encoding is
 * broken (`fieldErrors.path`), headers too large.
 */
export const TRANSPORT_ERRORS: Record<number, ResponseSpec> = {
  400: ERRORS.badRequest,
  431: ERRORS.headersTooLarge,
};

/** What a route with a body may answer before its handler runs. */
export const BODY_ERRORS: Record<number, ResponseSpec> = {
  413: ERRORS.payloadTooLarge,
  415: ERRORS.unsupportedMediaType,
};

export const LIMITED_ERRORS: Record<number, ResponseSpec> = {
  401: ERRORS.invalidKey,
  429: ERRORS.rateLimited,
  500: ERRORS.internal,
  503: ERRORS.unavailable,
};
