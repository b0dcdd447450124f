import { z } from "zod";
import type { NextAction } from "../next-actions.js";
import { plainString } from "../text.js";
import type { Operation } from "./operation.js";
import type { PathParamNames } from "./paths.js";

/** What a tool says about itself (the MCP spec's ToolAnnotations), as clients read it. */
export type ToolHints = {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

/** The hints of a tool that only reads the catalog. */
export const READS_CATALOG: ToolHints = { readOnlyHint: true, openWorldHint: false };

/** A tool and its arguments: a next action before its REST form is added (nextAction). */
export type ToolCall = Pick<NextAction, "action" | "arguments">;

/**
 * The MCP tool that answers what an operation answers, declared with it (`mcp`). The tool calls
 * the operation's handler: its arguments named like the path's parameters and the query's fields
 * go there (JSON values: arrays where REST takes comma lists), the rest of a POST's are its body,
 * the rest of a GET's are the tool's own and only `compact` reads them. Its result is the
 * operation's 200 body or the error body of one of its error codes (MCP_TOOL_SCHEMAS). Two
 * operations may share one twin: a call goes to the one whose path parameters it fills, most first.
 */
export type McpTwin = {
  name: NextAction["action"];
  title: string;
  description: string;
  /** The tool in the flow that the server's instructions open with: its key arguments and what it gives. */
  flow: string;
  annotations: ToolHints;
  arguments: z.ZodObject;
  /** What to call instead when the arguments (as sent) do not validate. */
  retry: (sent: Record<string, unknown>) => ToolCall;
  /**
   * The body sized for an agent's context, as the tool's own arguments ask (mcp-compact.ts). A
   * method, so that each twin's takes its own body's type.
   */
  compact?(body: unknown, args: z.output<z.ZodObject>): unknown;
};

/** What an operation's handler takes by name: its path's parameters (when given) and its query. */
type Taken<O extends Operation> = { [K in PathParamNames<O["path"]>]?: string } & (O extends {
  query: infer Q extends z.ZodObject;
}
  ? z.output<Q>
  : unknown);

/**
 * Nothing when an operation's twin gives each argument named like a path parameter or a query
 * field the type the handler takes (the tool passes it on as it is); else a type that the
 * declaration's `mcp` cannot meet, so that the type check points at it.
 */
export type TwinFits<O extends Operation> = O extends { mcp: { arguments: infer A extends z.ZodObject } }
  ? Pick<z.output<A>, keyof Taken<O> & keyof z.output<A>> extends Taken<O>
    ? unknown
    : { mcp: "arguments typed as the path and query take them" }
  : unknown;

/** A value sent as a tool's argument, when it is valid on its own. */
export function sentValue<T extends z.ZodType>(schema: T, value: unknown): z.output<T> | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** What a retry falls back on when nothing sent is worth keeping. */
export const SEARCH_ANY_SERVER: ToolCall = { action: "search", arguments: { q: "mcp server" } };

export const serverNameArgument = plainString()
  .min(1)
  .max(300)
  .describe("Server name: reverse-DNS namespace, a slash, a name (io.github.owner/server).");

/** The retry of a tool about one server: `then` the name sent when it is valid, else a search. */
export const retryServer =
  (then: (name: string) => ToolCall) =>
  (sent: Record<string, unknown>): ToolCall => {
    const name = sentValue(serverNameArgument, sent.name);
    return name === undefined ? SEARCH_ANY_SERVER : then(name);
  };

/** How much of a result to send whole, read by `compact` (and by get_server's query, `schemas`). */
export const fullArgument = z
  .boolean()
  .default(false)
  .describe("Send long descriptions whole; by default they are cut after 200 characters with a marker.");
export const schemasArgument = z
  .boolean()
  .default(false)
  .describe("Include the input and output schemas of the tools.");
