import type { CatalogTool } from "../catalog-tool.js";
import { checkServerTool } from "./check-server.tool.js";
import { getConnectionTool } from "./get-connection.tool.js";
import { getServerTool } from "./get-server.tool.js";
import { listToolsTool } from "./list-tools.tool.js";
import { searchTool } from "./search.tool.js";

/** Every tool, in the order tools/list returns them: the order of the flow. */
export const CATALOG_TOOLS: readonly CatalogTool[] = [
  searchTool,
  getServerTool,
  listToolsTool,
  getConnectionTool,
  checkServerTool,
];
