import { ACTION_NAMES, CONNECTION_TARGETS, MCP_TWINS } from "@catalog/contracts";

/** Every tool in the order of the flow, each as its declaration words it (its twin's `flow`). */
const flow = ACTION_NAMES.map((name) => `${name} ${MCP_TWINS[name].flow}`).join(", ");

/**
 * The server's instructions (server/discover and initialize). Some clients read only the first
 * 512 characters, so the first paragraph stands on its own: what the catalog is, the flow and the
 * classes; a tool's line in it comes from its declaration.
 */
export const INSTRUCTIONS = [
  `Catalog of MCP servers. Flow: ${flow}. Results list next_actions to call as they are. ` +
    "Classes: R0 remote, no credential; R1 remote, OAuth the client completes; R2 remote, needs a " +
    "credential from a human; L0 local package; unknown.",
  "Connection classes in detail (connection_class in search, class in get_connection): " +
    "R0 remote, no credential needed, an agent connects alone; " +
    "R1 remote behind OAuth that the client completes itself, a human only consents in a browser; " +
    "R2 remote that needs a credential a human obtains first (API key header, URL variables, " +
    "OAuth without automatic client registration); " +
    "L0 local package (npm, PyPI, OCI, NuGet, MCPB) run on the user's machine, autonomous unless " +
    "it needs a secret, must be started by hand (it serves HTTP) or asks for launch options the " +
    "config withholds; unknown: not enough known to decide. " +
    "human_steps lists what a person must do, naming each variable to set; install_name, when " +
    "set, is the name to install under instead of a generic key such as mcp. " +
    'To keep servers an agent can connect to alone, search with class ["R0", "L0"]. ' +
    `get_connection targets: ${CONNECTION_TARGETS.join(", ")}.`,
  "Errors come back as results with isError true: error names what went wrong and next_actions " +
    "what to do instead. check_server waits up to 25 s for a result; while its status is queued " +
    "or running, call it again with the id.",
].join("\n\n");
