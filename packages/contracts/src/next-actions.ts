import { z } from "zod";

/** The MCP tools a next action can name; its arguments can be passed straight back to the tool. */
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
