import { notHere, type Planned } from "../plan.js";

/** An MCP bundle is a file downloaded from its URL (often a GitHub release), then unpacked. */
export function planMcpb(): Planned {
  return notHere(
    "MCP bundles are downloaded from their own URLs, which the introspection machines cannot reach.",
  );
}
