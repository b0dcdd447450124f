import { z } from "zod";

/** A tool as an MCP server lists it (tools/list), the unit of observations and imports. */
export const ListedToolSchema = z.object({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().default(""),
  inputSchema: z.record(z.string(), z.unknown()).default({ type: "object" }),
  outputSchema: z.record(z.string(), z.unknown()).nullable().optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
});
export type ListedTool = z.output<typeof ListedToolSchema>;
export type ListedToolInput = z.input<typeof ListedToolSchema>;

/** The operator import's tools file: server name to the tools it lists. */
export const ToolsFileSchema = z.record(z.string(), z.array(ListedToolSchema));
export type ToolsFile = z.input<typeof ToolsFileSchema>;
