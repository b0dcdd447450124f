import { z } from "zod";

/**
 * The MCP tools, in the order of the flow (tools/list, the instructions): a next action names one,
 * and its arguments can be passed straight back to the tool. Each is an operation's `mcp` twin,
 * registered here by its name: every body's next_actions enum is this list, and the declarations
 * import the bodies, so it is not read back from them (that would be an import cycle).
 */
export const ACTION_NAMES = ["search", "get_server", "list_tools", "get_connection", "check_server"] as const;

/** The same call over REST: method, path with its query, and the JSON body of a POST. */
export const RestRequestSchema = z.object({
  method: z.enum(["GET", "POST"]),
  path: z.string(),
  body: z.record(z.string(), z.unknown()).optional(),
});
export type RestRequest = z.infer<typeof RestRequestSchema>;

export const NextActionSchema = z.object({
  action: z.enum(ACTION_NAMES),
  arguments: z.record(z.string(), z.unknown()),
  request: RestRequestSchema.meta({
    description: "The REST request that answers the same as the MCP tool called with these arguments.",
  }),
});
export type NextAction = z.infer<typeof NextActionSchema>;
