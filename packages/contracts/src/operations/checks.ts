import { z } from "zod";
import {
  CHECK_MAX_WAIT_SECONDS,
  CheckBodySchema,
  CheckRequestSchema,
  CheckWaitQuerySchema,
} from "../check.js";
import { plainString } from "../text.js";
import { either, ERRORS } from "./errors.js";
import { operation } from "./operation.js";
import { SEARCH_ANY_SERVER, sentValue, type McpTwin } from "./twin.js";

const pending = "Not finished yet: `location` points at the check; ask again after `retry-after` seconds.";

const checkArguments = z
  .object({
    url: CheckRequestSchema.shape.url.describe("Remote MCP server URL to check (https)."),
    package: CheckRequestSchema.shape.package.describe(
      "Instead of url, a package to start: registry_type, identifier, version.",
    ),
    id: plainString().min(1).max(64).optional().describe("Id of an earlier check to read."),
    wait: z
      .number()
      .int()
      .min(0)
      .max(CHECK_MAX_WAIT_SECONDS)
      .default(CHECK_MAX_WAIT_SECONDS)
      .describe("Seconds to wait for the result, 0 to 25."),
  })
  .refine((a) => [a.url, a.package, a.id].filter((given) => given !== undefined).length === 1, {
    path: ["url"],
    error: "give either url or package (start a check) or id (read one)",
  });

/** check_server: a url or package starts a check (POST /v1/check), the id reads one (GET /v1/check/{id}). */
const checkServerTwin = {
  name: "check_server",
  title: "Check an MCP server URL or package",
  description:
    "Probes a remote MCP server URL as the check API (POST /v1/check) does: protocol version, tools, OAuth " +
    "metadata, quality checks, readiness for the Claude and ChatGPT directories. Given package " +
    "instead, starts it in a sandbox: how it started, its tools and their risk. id reads an " +
    "earlier check. Waits up to wait seconds (25). The same URL or package within 5 minutes " +
    "returns the earlier check.",
  flow: "{url} or {package} (probe a URL, start a package)",
  // It starts a probe of a server outside the catalog, but changes nothing there; a repeat
  // within the 5-minute window returns the earlier check.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  arguments: checkArguments,
  retry: (sent) => {
    const url = sentValue(checkArguments.shape.url, sent.url);
    const pkg = sentValue(checkArguments.shape.package, sent.package);
    const id = sentValue(checkArguments.shape.id, sent.id);
    if (url !== undefined) return { action: "check_server", arguments: { url } };
    if (pkg !== undefined) return { action: "check_server", arguments: { package: pkg } };
    if (id !== undefined) return { action: "check_server", arguments: { id } };
    return SEARCH_ANY_SERVER;
  },
} as const satisfies McpTwin;

export const checkServer = operation({
  id: "checkServer",
  method: "post",
  path: "/v1/check",
  tag: "Checks",
  summary: "Probe a remote MCP server URL or start a package",
  description:
    "Starts (or joins) a check of the URL: a probe, the quality checks and readiness for two client " +
    "directories. Or, given `package` instead of `url`, of the package: installed and started in a " +
    "sandbox, what it lists and the risk of its tools. `wait` holds the request up to that many " +
    "seconds for the result.",
  query: CheckWaitQuerySchema,
  body: CheckRequestSchema,
  responses: {
    200: { description: "The finished check.", schema: CheckBodySchema },
    202: { description: pending, schema: CheckBodySchema },
    400: either(ERRORS.badRequest, ERRORS.invalidUrl),
    429: ERRORS.checkQuota,
  },
  cache: "no-store",
  limit: "check",
  access: "public",
  usage: "check",
  mcp: checkServerTwin,
});

export const CheckIdParams = z.object({ id: z.string().meta({ description: "The check's id." }) });

export const getCheck = operation({
  id: "getCheck",
  method: "get",
  path: "/v1/check/{id}",
  tag: "Checks",
  summary: "A check's state and, once done, its result",
  query: CheckWaitQuerySchema,
  responses: {
    200: { description: "The finished check (never changes again).", schema: CheckBodySchema },
    202: { description: pending, schema: CheckBodySchema },
    400: ERRORS.badRequest,
    404: ERRORS.checkNotFound,
  },
  cache: "public, max-age=3600, immutable",
  limit: "api",
  access: "public",
  usage: "check",
  mcp: checkServerTwin,
});

export const checkPage = operation({
  id: "checkPage",
  plain: true,
  method: "get",
  path: "/check/{id}",
  tag: "Checks",
  summary: "A check's shareable HTML report",
  responses: {
    200: { description: "The report.", contentType: "text/html" },
    404: ERRORS.checkNotFound,
  },
  cache: "public, max-age=3600, immutable",
  limit: "api",
  access: "public",
  usage: "other",
});
