import type { AddressInfo } from "node:net";
import { sharedImportData, SNAPSHOT_2025_12_18, waitForIdle, type Harness } from "@catalog/testing";
import { SearchClient } from "../../services/gateway/src/search/search-client.js";
import type { SearchService } from "../../services/search/src/search.js";
import { mirrorSnapshot } from "./catalog.js";
import { startProberStack, type ProberStack } from "./prober-stack.js";
import { startSearchFor } from "./search-catalog.js";

/**
 * The slice of the real 2025-12-18 snapshot the MCP tests load (the registry's own name filter):
 * 34 servers with remotes, npm/PyPI/OCI packages and, for 8 of them, tool lists.
 */
const MCP_SLICE = "io.github.m";

export type McpStack = ProberStack & {
  /** The gateway's MCP endpoint. */
  mcp: string;
  /** Servers of the slice, and those of them with tools (most tools first). */
  servers: string[];
  serversWithTools: string[];
  stop: () => Promise<void>;
};

/**
 * The whole read path behind /mcp: gateway, search service (keyword mode, no model to load),
 * prober and catalog workers, over a slice of the real snapshot and its real tool lists,
 * loaded through the production jobs.
 */
export async function startMcpStack(h: Harness): Promise<McpStack> {
  const search: SearchService = await startSearchFor(h, { EMBEDDING_PROVIDER: "none" });
  await search.ready;
  const port = (search.http.address() as AddressInfo).port;
  const stack = await startProberStack(h, {}, new SearchClient(`http://127.0.0.1:${port}`));
  await mirrorSnapshot(h, SNAPSHOT_2025_12_18, { search: MCP_SLICE });
  const servers = (
    await h.db.prisma.server.findMany({ select: { name: true }, orderBy: { name: "asc" } })
  ).map((s) => s.name);
  const tools = sharedImportData().tools;
  const toolCount = (name: string) => tools[name]?.length ?? 0;
  const serversWithTools = servers.filter(toolCount).sort((a, b) => toolCount(b) - toolCount(a));
  const observedAt = new Date("2025-12-18T12:00:00Z").toISOString();
  await h.bus.addBulk(
    "catalog",
    "import-tools",
    serversWithTools.map((serverName) => ({
      data: { serverName, tools: tools[serverName] ?? [], observedAt },
    })),
  );
  await waitForIdle(h.bus, ["catalog", "search"], 120_000);
  return {
    ...stack,
    mcp: `${stack.gateway}/mcp`,
    servers,
    serversWithTools,
    stop: async () => {
      await stack.stop();
      await search.stop();
    },
  };
}
