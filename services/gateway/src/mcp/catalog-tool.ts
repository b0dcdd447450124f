import {
  MCP_TOOL_SCHEMAS,
  type McpToolArguments,
  type McpToolName,
  type NextAction,
} from "@catalog/contracts";
import type { StandardSchemaWithJSON, ToolAnnotations } from "@modelcontextprotocol/server";
import type { HandledOperationId, OperationOf } from "@catalog/contracts";
import type { Outcome } from "../http/outcome.js";
import { badRequest } from "../http/validate.js";
import type { Body, Input } from "../operations/handler.js";
import { deferredArguments, resultSchema } from "./tool-schemas.js";

/**
 * How a tool answers: through the REST operation it twins (the declaration's `mcp`), with the
 * same handler and read cache, so that a read cached for REST is the read the tool returns.
 */
export type ToolContext = {
  call: <Id extends HandledOperationId>(
    id: Id,
    input: Input<OperationOf<Id>>,
  ) => Promise<Outcome<Body<OperationOf<Id>>>>;
};

type ToolSpec<N extends McpToolName> = {
  title: string;
  description: string;
  annotations: ToolAnnotations;
  /** What to do instead when the arguments (as sent) do not validate. */
  retry: (sent: Record<string, unknown>) => NextAction[];
  run: (args: McpToolArguments<N>, context: ToolContext) => Promise<Outcome<unknown>>;
};

/** A catalog tool: its MCP definition, and a call that answers what REST would answer. */
export type CatalogTool = {
  name: McpToolName;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  inputSchema: StandardSchemaWithJSON<unknown, unknown>;
  outputSchema: StandardSchemaWithJSON<unknown, unknown>;
  call: (sent: unknown, context: ToolContext) => Promise<Outcome<unknown>>;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Arguments and results come from the contract (MCP_TOOL_SCHEMAS); the rest from `spec`. */
export function defineTool<N extends McpToolName>(name: N, spec: ToolSpec<N>): CatalogTool {
  const schemas = MCP_TOOL_SCHEMAS[name];
  return {
    name,
    title: spec.title,
    description: spec.description,
    annotations: spec.annotations,
    inputSchema: deferredArguments(schemas.arguments),
    outputSchema: resultSchema(schemas.result),
    call: async (sent, context) => {
      const parsed = schemas.arguments.safeParse(sent ?? {});
      if (!parsed.success) return badRequest(parsed.error, spec.retry(isRecord(sent) ? sent : {}));
      return spec.run(parsed.data as McpToolArguments<N>, context);
    },
  };
}
