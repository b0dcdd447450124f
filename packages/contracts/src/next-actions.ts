import { z } from "zod";

/** The MCP tools a next action can name; its arguments can be passed straight back to the tool. */
export const ACTION_NAMES = ["search", "get_server", "list_tools", "get_connection", "check_server"] as const;

export const NextActionSchema = z.object({
  action: z.enum(ACTION_NAMES),
  arguments: z.record(z.string(), z.unknown()),
});
export type NextAction = z.infer<typeof NextActionSchema>;

export const nextAction = (action: NextAction["action"], args: Record<string, unknown>): NextAction => ({
  action,
  arguments: args,
});
