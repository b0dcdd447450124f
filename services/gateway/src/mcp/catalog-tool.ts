import {
  ACTION_NAMES,
  MCP_TOOL_SCHEMAS,
  MCP_TWINS,
  nextAction,
  operationInput,
  twinOperation,
  type HandledOperationId,
  type McpToolName,
  type McpTwin,
  type OperationInput,
} from "@catalog/contracts";
import type { StandardSchemaWithJSON, ToolAnnotations } from "@modelcontextprotocol/server";
import { mapBody, type Outcome } from "../http/outcome.js";
import { badRequest } from "../http/validate.js";
import { deferredArguments, resultSchema } from "./tool-schemas.js";

/**
 * How a tool answers: through the REST operation it twins, with the same handler and read cache,
 * so that a read cached for REST is the read the tool returns.
 */
export type CallOperation = (id: HandledOperationId, input: OperationInput) => Promise<Outcome<unknown>>;

/** A catalog tool: its MCP definition, and a call that answers what REST would answer. */
export type CatalogTool = {
  name: McpToolName;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  inputSchema: StandardSchemaWithJSON<unknown, unknown>;
  outputSchema: StandardSchemaWithJSON<unknown, unknown>;
  call: (sent: unknown, callOperation: CallOperation) => Promise<Outcome<unknown>>;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The tool declared as an operation's `mcp` twin (packages/contracts/src/operations): its
 * arguments validated as REST validates a request (a 400 with what to call instead), then the
 * operation they fill called with them, and its body compacted as the twin says.
 */
function catalogTool(name: McpToolName): CatalogTool {
  const twin: McpTwin = MCP_TWINS[name];
  const schemas = MCP_TOOL_SCHEMAS[name];
  return {
    name,
    title: twin.title,
    description: twin.description,
    annotations: twin.annotations,
    inputSchema: deferredArguments(schemas.arguments),
    outputSchema: resultSchema(schemas.result),
    call: async (sent, callOperation) => {
      const parsed = schemas.arguments.safeParse(sent ?? {});
      if (!parsed.success) {
        const instead = twin.retry(isRecord(sent) ? sent : {});
        return badRequest(parsed.error, [nextAction(instead.action, instead.arguments)]);
      }
      const args = parsed.data;
      const op = twinOperation(name, args);
      const outcome = await callOperation(op.id, operationInput(op, args));
      return mapBody(outcome, (body) => (twin.compact ? twin.compact(body, args) : body));
    },
  };
}

/** Every tool, in the order tools/list returns them: the order of the flow. */
export const CATALOG_TOOLS: readonly CatalogTool[] = ACTION_NAMES.map(catalogTool);
