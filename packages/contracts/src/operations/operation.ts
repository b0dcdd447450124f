import { z } from "zod";
import type { UsageOperation } from "../access.js";
import type { McpTwin, TwinFits } from "./twin.js";

/** Which limits a request passes: the per-minute window and daily quota, the check allowance, none. */
export const LIMIT_CLASSES = ["api", "check", "none"] as const;
export type LimitClass = (typeof LIMIT_CLASSES)[number];

/** Who may call: anyone (an API key optional), a signed-in browser session, the operators' token. */
export type Access = "public" | "session" | "admin";

export type ResponseSpec = {
  description: string;
  /** The body; absent for an empty body. */
  schema?: z.ZodType;
  /** application/json unless stated (HTML pages, problem+json). */
  contentType?: string;
  /** The `error` code of an error answer that has exactly one. */
  error?: string;
};

/**
 * A request that succeeds, as the compliance test sends it (tests/integration/openapi-compliance):
 * its query; the path's parameters are the test's data (the servers it loaded).
 */
export type SampleRequest = { query?: Record<string, string> };

/**
 * One HTTP operation, declared once: the routes, /openapi.json, metrics labels, usage counting,
 * next actions' REST form, the MCP tools and the SDKs' types all read it.
 */
export type Operation = {
  id: string;
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI path template; `{name}` is a server name, its slash sent as %2F or literally. */
  path: string;
  /** Matches every path under it too (the queue board's own pages). */
  subtree?: boolean;
  tag: string;
  summary: string;
  description?: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** application/json unless stated. */
  bodyType?: string;
  /** The largest request body accepted, in bytes (16 KB unless stated). */
  maxBody?: number;
  responses: Record<number, ResponseSpec>;
  /** The Cache-Control of a successful answer. */
  cache: string;
  limit: LimitClass;
  access: Access;
  /** What a request is counted as in the account's usage. */
  usage: UsageOperation;
  /** The MCP tool that answers the same, registered by its name in ACTION_NAMES. */
  mcp?: McpTwin;
  sample?: SampleRequest;
  /** Left out of the public document (the operators' pages). */
  internal?: boolean;
  /**
   * Served by a plain Express router of its own (HTML and cookie pages, the operators'
   * endpoints, the MCP transport), not by the gateway's mountOperations.
   */
  plain?: true;
};

export const operation = <const O extends Operation>(o: O & TwinFits<O>): O => o;

/** A server name in a path, with a real name from the registry as the example. */
export const ServerNameParam = z.string().meta({
  description: "Server name `<namespace>/<name>`; the slash may be sent as %2F or literally.",
  example: "io.github.github/github-mcp-server",
});
