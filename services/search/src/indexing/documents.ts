import { canonicalHash } from "@catalog/registry";
import type { IndexableServer, SearchDocumentWrite } from "@catalog/db";

/** Words inside identifiers: `send_message` and `sendMessage` both give "send message". */
export function identifierWords(identifier: string): string {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[^A-Za-z0-9]+/g, " ")
    .trim()
    .toLowerCase();
}

function parameterNames(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | null)?.properties;
  return properties && typeof properties === "object" ? Object.keys(properties) : [];
}

/** The documents of one server: one for the server, one per tool. */
export function buildDocuments(server: IndexableServer): SearchDocumentWrite[] {
  const serverDoc = withHash({
    id: `s:${server.name}`,
    serverName: server.name,
    kind: "server",
    toolName: null,
    title: [server.title ?? "", identifierWords(server.name.split("/")[1] ?? "")].join(" ").trim(),
    body: server.description,
    identifiers: [server.name, ...server.tools.map((t) => t.name)].join(" "),
  });
  const toolDocs = server.tools.map((tool) => {
    const params = parameterNames(tool.inputSchema);
    return withHash({
      id: `t:${server.name}:${tool.name}`,
      serverName: server.name,
      kind: "tool",
      toolName: tool.name,
      title: [tool.title ?? "", identifierWords(tool.name)].join(" ").trim(),
      body: tool.description,
      identifiers: [tool.name, ...params, ...params.map(identifierWords)].join(" "),
    });
  });
  return [serverDoc, ...toolDocs];
}

function withHash(doc: Omit<SearchDocumentWrite, "contentHash">): SearchDocumentWrite {
  return { ...doc, contentHash: canonicalHash(doc) };
}
