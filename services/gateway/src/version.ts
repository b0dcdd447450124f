import { readFileSync } from "node:fs";

/** The gateway's release, as its package states it (the OpenAPI document and the MCP server say it). */
export const VERSION = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
