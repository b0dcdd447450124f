import { z } from "zod";
import { ErrorBodySchema } from "./errors.js";
import { ACTION_NAMES } from "./next-actions.js";
import { OPERATIONS, type DeclaredOperation } from "./operations/all.js";
import type { Operation } from "./operations/operation.js";
import type { McpTwin } from "./operations/twin.js";

/**
 * The MCP tools at /mcp, read from the declarations: each is the `mcp` twin of one operation (or
 * of two, check_server's), registered by its name in ACTION_NAMES. Arguments are JSON values
 * (arrays where REST takes comma lists); every next action's arguments validate here.
 */

export type McpToolName = (typeof ACTION_NAMES)[number];
type Twin<N extends McpToolName> = Extract<Extract<DeclaredOperation, { mcp: McpTwin }>["mcp"], { name: N }>;

/** The operations that carry a tool's twin; it is one twin, though two operations may share it. */
function twinned(name: McpToolName): Operation[] {
  const operations = OPERATIONS.filter((op) => op.mcp?.name === name);
  if (new Set(operations.map((op) => op.mcp)).size !== 1)
    throw new Error(`${name}: one twin must be declared (an operation's mcp, or one shared by several)`);
  return operations;
}

/** Each tool's twin, by name. */
export const MCP_TWINS = Object.fromEntries(ACTION_NAMES.map((name) => [name, twinned(name)[0]!.mcp])) as {
  [N in McpToolName]: Twin<N>;
};

/** What any tool may answer besides its operations' errors: bad arguments, a failure (mcp-server.ts). */
const TOOL_ERRORS = ["bad_request", "internal", "service_unavailable"] as const;

/** The codes an error response's body names: its `error` literal or enum, both sides of an `either`. */
function errorCodes(schema: z.ZodType | undefined): string[] {
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(errorCodes);
  const error: unknown = schema instanceof z.ZodObject ? schema.shape.error : undefined;
  if (error instanceof z.ZodLiteral) return [...error.values].map(String);
  if (error instanceof z.ZodEnum) return error.options.map(String);
  return [];
}

/**
 * A tool's structuredContent: the 200 body of its operations, or the REST error body (`error`,
 * its details, `next_actions`) naming one of their error codes.
 */
function resultOf(operations: Operation[]): z.ZodType {
  const errors = operations.flatMap((op) =>
    Object.entries(op.responses).flatMap(([status, spec]) =>
      Number(status) >= 400 ? errorCodes(spec.schema) : [],
    ),
  );
  const own = [...new Set(errors)].filter((code) => !(TOOL_ERRORS as readonly string[]).includes(code));
  const error = ErrorBodySchema.extend({ error: z.enum([...TOOL_ERRORS, ...own]) });
  return z.union([operations[0]!.responses[200]!.schema!, error]);
}

/** Each tool's arguments (its twin's) and result. */
export const MCP_TOOL_SCHEMAS = Object.fromEntries(
  ACTION_NAMES.map((name) => [
    name,
    { arguments: MCP_TWINS[name].arguments, result: resultOf(twinned(name)) },
  ]),
) as { [N in McpToolName]: { arguments: Twin<N>["arguments"]; result: z.ZodType } };
