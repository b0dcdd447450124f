import { z } from "zod";
import { CHECK_MAX_WAIT_SECONDS, CheckBodySchema, CheckRequestSchema } from "./check.js";
import { ConnectionBodySchema, ConnectionQuerySchema } from "./connection.js";
import { cursorParam } from "./cursor.js";
import { ErrorBodySchema } from "./errors.js";
import { plainString } from "./text.js";
import type { ACTION_NAMES } from "./next-actions.js";
import {
  MAX_INTENTS,
  SearchFiltersSchema,
  SearchQuerySchema,
  SearchRequestSchema,
  SearchResponseSchema,
} from "./search.js";
import { ServerDescriptorSchema, ToolListBodySchema, ToolsQuerySchema } from "./servers.js";

/**
 * Arguments and results of the MCP tools at /mcp: the same bodies as REST, arguments as JSON
 * values (arrays where REST takes comma lists). Every next action's arguments validate here.
 */

const full = z
  .boolean()
  .default(false)
  .describe("Send long descriptions whole; by default they are cut after 200 characters with a marker.");
const schemas = z.boolean().default(false).describe("Include the input and output schemas of the tools.");

const serverName = plainString()
  .min(1)
  .max(300)
  .describe("Server name: reverse-DNS namespace, a slash, a name (io.github.owner/server).");

export const SearchArgumentsSchema = z
  .object({
    q: SearchRequestSchema.shape.q.describe(
      "The task or need in plain words (1 to 500 characters). May be left out when intents are given.",
    ),
    intents: SearchRequestSchema.shape.intents.describe(
      `The task's steps (1 to ${MAX_INTENTS}), one capability each; each is answered on its own under intents.`,
    ),
    detail: SearchQuerySchema.shape.detail.describe(
      "full (default), summary (name, one line, match: ten results in 2 KB) or names.",
    ),
    limit: SearchRequestSchema.shape.limit.describe("Results to return, 1 to 50."),
    class: SearchFiltersSchema.shape.class.describe(
      "Keep servers of these connection classes (R0, R1, R2, L0, unknown).",
    ),
    transport: SearchFiltersSchema.shape.transport.describe(
      "Keep servers with a fixed remote URL of this transport.",
    ),
    access: SearchFiltersSchema.shape.access.describe(
      "Keep servers with a probed remote of these access classes: open, late_gate (handshake open, " +
        "tools listed only after sign-in), hard_gate (sign-in before the handshake).",
    ),
    category: SearchFiltersSchema.shape.category.describe("Keep servers of this category id."),
    min_trust: SearchFiltersSchema.shape.min_trust.describe("Minimum trust score, 0 to 100."),
    flags: SearchFiltersSchema.shape.flags.describe(
      "Keep servers that carry every one of these trust flags.",
    ),
    exclude_flags: SearchFiltersSchema.shape.exclude_flags.describe(
      "Drop servers that carry any of these trust flags.",
    ),
    max_tokens: SearchFiltersSchema.shape.max_tokens.describe(
      "Keep servers whose tool definitions cost at most this many tokens in a model's context.",
    ),
    full,
  })
  .refine((a) => a.q !== undefined || a.intents !== undefined, {
    path: ["q"],
    error: "is required unless intents are given",
  });

export const GetServerArgumentsSchema = z.object({
  name: serverName,
  schemas,
  full,
});

export const ListToolsArgumentsSchema = z.object({
  name: serverName,
  limit: ToolsQuerySchema.shape.limit.describe("Tools per page, 1 to 100."),
  cursor: cursorParam(1).optional().describe("The next_cursor of the previous page."),
  schemas,
  full,
});

export const GetConnectionArgumentsSchema = z.object({
  name: serverName,
  target: ConnectionQuerySchema.shape.target.describe("The client to configure."),
});

export const CheckServerArgumentsSchema = z
  .object({
    url: CheckRequestSchema.shape.url.optional().describe("Remote MCP server URL to check (https)."),
    id: plainString().min(1).max(64).optional().describe("Id of an earlier check to read."),
    wait: z
      .number()
      .int()
      .min(0)
      .max(CHECK_MAX_WAIT_SECONDS)
      .default(CHECK_MAX_WAIT_SECONDS)
      .describe("Seconds to wait for the result, 0 to 25."),
  })
  .refine((a) => (a.url === undefined) !== (a.id === undefined), {
    path: ["url"],
    error: "give either url (start a check) or id (read one)",
  });

/** An error result: the REST error body (`error`, its details, `next_actions`). */
function errorBody<const C extends readonly string[]>(codes: C) {
  return ErrorBodySchema.extend({
    error: z.enum(["bad_request", "internal", "service_unavailable", ...codes]),
  });
}

/** A tool's structuredContent: the REST body on success, the REST error body otherwise. */
const result = <S extends z.ZodType, E extends z.ZodType>(success: S, error: E) => z.union([success, error]);

export const MCP_TOOL_SCHEMAS = {
  search: {
    arguments: SearchArgumentsSchema,
    result: result(SearchResponseSchema, errorBody(["search_unavailable"])),
  },
  get_server: {
    arguments: GetServerArgumentsSchema,
    result: result(ServerDescriptorSchema, errorBody(["server_not_found"])),
  },
  list_tools: {
    arguments: ListToolsArgumentsSchema,
    result: result(ToolListBodySchema, errorBody(["server_not_found"])),
  },
  get_connection: {
    arguments: GetConnectionArgumentsSchema,
    result: result(
      ConnectionBodySchema,
      errorBody(["server_not_found", "blocked", "deleted", "no_connection"]),
    ),
  },
  check_server: {
    arguments: CheckServerArgumentsSchema,
    result: result(CheckBodySchema, errorBody(["invalid_url", "check_quota_exceeded", "check_not_found"])),
  },
} as const satisfies Record<(typeof ACTION_NAMES)[number], { arguments: z.ZodType; result: z.ZodType }>;

export type McpToolName = keyof typeof MCP_TOOL_SCHEMAS;
export type McpToolArguments<N extends McpToolName> = z.output<(typeof MCP_TOOL_SCHEMAS)[N]["arguments"]>;
