import type { SearchResponse } from "./search.js";
import type { ServerDescriptor, ToolEntry, ToolListBody } from "./servers.js";

/**
 * MCP results sized for an agent's context: the REST body, with tool schemas left out unless
 * asked for and long descriptions cut with a marker that says how to get them whole. Nothing
 * else differs from REST (docs/mcp.md has the sizes this buys).
 */
export type Compaction = { schemas: boolean; full: boolean };

/** Characters of a description kept when cut: four tools in five fit whole (median 75 over the catalog), usage essays do not. */
export const DESCRIPTION_KEPT = 200;

export const cutMarker = (cut: number) => ` … [${cut} more characters: call again with full: true]`;

/** The text cut to DESCRIPTION_KEPT characters plus the marker, unless it is barely longer. */
export function cutText(text: string, kept = DESCRIPTION_KEPT): string {
  if (text.length <= kept + cutMarker(text.length).length) return text;
  // Never split a surrogate pair: the result must stay valid UTF-16.
  const end = isHighSurrogate(text.charCodeAt(kept - 1)) ? kept - 1 : kept;
  return text.slice(0, end).trimEnd() + cutMarker(text.length - end);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

export function compactTool(tool: ToolEntry, { schemas, full }: Compaction): ToolEntry {
  const { input_schema, output_schema, ...rest } = tool;
  return {
    ...rest,
    description: full ? tool.description : cutText(tool.description),
    ...(schemas ? { input_schema, output_schema } : {}),
  };
}

export const compactDescriptor = (body: ServerDescriptor, how: Compaction): ServerDescriptor => ({
  ...body,
  tools: body.tools.map((t) => compactTool(t, how)),
});

export const compactToolList = (body: ToolListBody, how: Compaction): ToolListBody => ({
  ...body,
  tools: body.tools.map((t) => compactTool(t, how)),
});

/** The full level's long descriptions cut (the summary and names levels hold none). */
export const compactSearch = <T extends SearchResponse>(body: T, { full }: Pick<Compaction, "full">): T =>
  full || body.detail !== "full"
    ? body
    : {
        ...body,
        results: body.results.map((r) => ({
          ...r,
          description: cutText(r.description),
          matched_tools: r.matched_tools.map((t) => ({ ...t, description: cutText(t.description) })),
        })),
      };
