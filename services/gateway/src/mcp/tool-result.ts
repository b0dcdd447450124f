import type { CallToolResult } from "@modelcontextprotocol/server";
import { errorBody } from "../http/errors.js";
import type { Outcome } from "../http/outcome.js";

/**
 * What REST would answer, as a tool result: the body as structuredContent and as one text
 * block; an error (REST status 400 or above) with isError and the REST error body.
 */
export function toolResult(outcome: Outcome<unknown>): CallToolResult {
  const body = outcome.ok ? outcome.body : errorBody(outcome.error, outcome.details, outcome.nextActions);
  return {
    content: [{ type: "text", text: JSON.stringify(body) }],
    structuredContent: body,
    ...(outcome.ok ? {} : { isError: true }),
  };
}
