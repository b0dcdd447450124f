import { sharedImportData } from "@catalog/testing";
import type { McpTestClient } from "./mcp-clients.js";

/**
 * What the catalog's MCP results cost an agent's context, against the REST bodies they were
 * before results were compacted (a tool result was the REST body, sent as one text block).
 * Sizes are characters of that text block.
 */
type Spread = { calls: number; median: number; p90: number; max: number };
export type ResultSizes = Record<
  "search" | "get_server" | "list_tools" | "get_connection",
  { rest: Spread; mcp: Spread }
>;

/** The servers an agent's context pays most for (the longest tool lists), and a spread of others. */
export function sizeSample(largest = 15, others = 25): string[] {
  const tools = sharedImportData().tools;
  const byLength = Object.keys(tools).sort(
    (a, b) => toolText(tools[b]!) - toolText(tools[a]!) || a.localeCompare(b),
  );
  const step = Math.max(1, Math.floor((byLength.length - largest) / others));
  return [
    ...byLength.slice(0, largest),
    ...byLength
      .slice(largest)
      .filter((_, i) => i % step === 0)
      .slice(0, others),
  ];
}

const toolText = (list: unknown[]) => JSON.stringify(list).length;

export async function measureResultSizes(
  client: McpTestClient,
  base: string,
  queries: readonly string[],
  servers: readonly string[],
): Promise<ResultSizes> {
  const rest = async (path: string) => (await (await fetch(`${base}${path}`)).text()).length;
  const mcp = async (tool: string, args: Record<string, unknown>) => {
    // Refusals count too (a server without a usable connection answers 409 no_connection).
    const result = await client.callTool(tool, args);
    return result.content[0]?.text?.length ?? 0;
  };
  const each = async (calls: readonly string[], size: (x: string) => Promise<number>) => {
    const sizes: number[] = [];
    for (const x of calls) sizes.push(await size(x));
    return spread(sizes);
  };
  const path = (name: string) => `/v1/servers/${encodeURIComponent(name)}`;
  return {
    search: {
      rest: await each(queries, (q) => rest(`/v1/search?q=${encodeURIComponent(q)}&limit=10`)),
      mcp: await each(queries, (q) => mcp("search", { q, limit: 10 })),
    },
    get_server: {
      rest: await each(servers, (name) => rest(path(name))),
      mcp: await each(servers, (name) => mcp("get_server", { name })),
    },
    list_tools: {
      rest: await each(servers, (name) => rest(`${path(name)}/tools`)),
      mcp: await each(servers, (name) => mcp("list_tools", { name })),
    },
    get_connection: {
      rest: await each(servers, (name) => rest(`${path(name)}/connection`)),
      mcp: await each(servers, (name) => mcp("get_connection", { name })),
    },
  };
}

function spread(sizes: number[]): Spread {
  const sorted = [...sizes].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { calls: sorted.length, median: at(0.5), p90: at(0.9), max: sorted.at(-1) ?? 0 };
}

/**
 * Characters one result may take, for the largest of the sample (bench/mcp-sizes.ts measured,
 * over a wider sample: search 14,251, get_server 36,841, list_tools 33,292, get_connection
 * 1,710; before compaction 28,651, 77,298, 85,194 and 1,710): a search of ten servers, a
 * descriptor with up to 100 tools, a page of 100 tools, a connection. A search that answered
 * several intents (a task's steps, or a need it implies) also lists each one's five best with
 * a line and their tool names: about 1,000 characters an intent more.
 */
export const MCP_RESULT_BUDGET = {
  search: 18_000,
  get_server: 40_000,
  list_tools: 36_000,
  get_connection: 2_500,
};

/**
 * Characters of the tools/list result (11,486 measured; 35,922 with the full output schemas;
 * about 12,700 since search declares its intents and three detail levels; 13,417 since check_server
 * takes a package).
 */
export const MCP_TOOLS_LIST_BUDGET = 13_500;
