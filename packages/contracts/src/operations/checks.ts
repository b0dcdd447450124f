import { z } from "zod";
import { CheckBodySchema, CheckRequestSchema, CheckWaitQuerySchema } from "../check.js";
import { either, ERRORS } from "./errors.js";
import { operation } from "./operation.js";

const pending = "Not finished yet: `location` points at the check; ask again after `retry-after` seconds.";

export const checkServer = operation({
  id: "checkServer",
  method: "post",
  path: "/v1/check",
  tag: "Checks",
  summary: "Probe a remote MCP server URL",
  description:
    "Starts (or joins) a check of the URL: a probe, the quality checks and readiness for two client " +
    "directories. `wait` holds the request up to that many seconds for the result.",
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
  mcp: "check_server",
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
  mcp: "check_server",
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
