import { compactDescriptor, nextAction, type ServerDescriptor } from "@catalog/contracts";
import { mapBody } from "../../http/outcome.js";
import { cachedOutcome, readKey } from "../../read-cache/cached-read.js";
import { getServer } from "../../servers/next-actions.js";
import { defineTool } from "../catalog-tool.js";
import { sentName } from "./sent.js";

/** get_server: the REST GET /v1/servers/{name} (its cached body), compact unless asked otherwise. */
export const getServerTool = defineTool("get_server", {
  title: "Get an MCP server",
  description:
    "Describes one MCP server of the catalog by name: description, version, remotes and " +
    "packages, connection class with the human steps to connect and the supported client " +
    "targets, categories, trust score and flags, quality checks, owner verification, and its " +
    "current tools (their schemas when schemas is true; long descriptions cut unless full is true).",
  annotations: { readOnlyHint: true, openWorldHint: false },
  retry: (sent) => {
    const name = sentName(sent);
    return [name ? getServer(name) : nextAction("search", { q: "mcp server" })];
  },
  run: async ({ name, schemas, full }, { services, caller }) => {
    const spec = { key: readKey.descriptor(name, schemas), serverOf: (b: ServerDescriptor) => b.name };
    const outcome = await cachedOutcome(
      services.reads,
      spec,
      () => services.servers.descriptor(name, schemas),
      caller.noteBody,
    );
    return mapBody(outcome, (body) => compactDescriptor(body, { schemas, full }));
  },
});
