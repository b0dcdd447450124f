import { readFileSync } from "node:fs";
import { dockerCatalog, liveMcpBench, sharedData } from "@catalog/testing";
import type { ToolInput } from "@catalog/tool-risk";

/** A tool of the shared data, taken as benign: what its server publishes, with where it comes from. */
export type BenignTool = { id: string; server: string; tool: ToolInput };

type ToolsdkFile = { packages: { key: string; tools?: { name: string; description?: string }[] }[] };

/**
 * Every tool of ../shared/data's tool lists, once per server and name: toolsdk's packages
 * (names and descriptions), LiveMCPBench's and Docker's catalog (with input schemas, and
 * Docker's annotations). Published by real servers, so taken as benign; the flagged ones are
 * reviewed by hand in docs/tool-risk.md.
 */
export function benignTools(): BenignTool[] {
  const out = new Map<string, BenignTool>();
  const add = (server: string, tool: ToolInput) => {
    const id = `${server}#${tool.name}`;
    if (!out.has(id)) out.set(id, { id, server, tool });
  };
  const toolsdk = JSON.parse(
    readFileSync(sharedData("toolsdk-packages-with-tools.json"), "utf8"),
  ) as ToolsdkFile;
  for (const p of toolsdk.packages) {
    for (const t of p.tools ?? [])
      add(`toolsdk:${p.key}`, { name: t.name, description: t.description ?? "" });
  }
  for (const data of [liveMcpBench(), dockerCatalog()]) {
    for (const [server, tools] of Object.entries(data.tools))
      for (const t of tools) add(server, t as ToolInput);
  }
  return [...out.values()];
}
