import { createHash } from "node:crypto";
import { canonicalHash } from "@catalog/registry";
import {
  toolDocumentId,
  type DocumentKind,
  type IndexableServer,
  type SearchDocumentWrite,
} from "@catalog/db";

/** Words inside identifiers: `send_message` and `sendMessage` both give "send message". */
function identifierWords(identifier: string): string {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .toLowerCase();
}

function properties(schema: unknown): Record<string, unknown> {
  const found = (schema as { properties?: unknown } | null)?.properties;
  return found && typeof found === "object" && !Array.isArray(found)
    ? (found as Record<string, unknown>)
    : {};
}

function parameterNames(schema: unknown): string[] {
  return Object.keys(properties(schema));
}

/** Longest parameter description kept: past this it is documentation, not a description. */
const MAX_PARAM_DESCRIPTION = 300;

/** Parameter names with their descriptions: "city: the city to forecast; days: ...". */
function parameterText(schema: unknown): string {
  return Object.entries(properties(schema))
    .map(([name, p]) => {
      const description = (p as { description?: unknown } | null)?.description;
      return typeof description === "string"
        ? `${name}: ${description.slice(0, MAX_PARAM_DESCRIPTION)}`
        : name;
    })
    .join("; ");
}

/** Transports of the remotes a client can use as published: no `{variable}` in the URL. */
function plainTransports(serverJson: unknown): string[] {
  const remotes = (serverJson as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) return [];
  const types = (remotes as unknown[])
    .filter((r): r is { type: string; url: string } => {
      const remote = r as { type?: unknown; url?: unknown } | null | undefined;
      return typeof remote?.type === "string" && typeof remote?.url === "string";
    })
    .filter((r) => !/\{[^}]*\}/.test(r.url))
    .map((r) => r.type);
  return [...new Set(types)].sort();
}

/** Longest text handed to the embedding model; longer descriptions add cost, not meaning. */
const MAX_EMBED_CHARS = 1200;

/**
 * The text that is embedded for a document, rebuilt from its stored fields so that a model
 * change can re-embed without the catalog: a server's title and description; a tool's name,
 * description and parameter names.
 */
export function embedText(doc: {
  kind: DocumentKind;
  title: string;
  body: string;
  identifiers: string;
}): string {
  const params = doc.kind === "tool" ? doc.identifiers.split(" ").slice(1).map(identifierWords) : [];
  const text = [doc.title, doc.body, params.length ? `Parameters: ${params.join(", ")}` : ""]
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .join(". ");
  return text.slice(0, MAX_EMBED_CHARS);
}

function textHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The documents of one server: one for the server, one per tool. */
export function buildDocuments(server: IndexableServer): SearchDocumentWrite[] {
  const shortName = server.name.split("/")[1] ?? "";
  const serverTitle = [server.title ?? "", identifierWords(shortName)].join(" ").trim();
  const serverDoc = complete({
    id: `s:${server.name}`,
    serverName: server.name,
    kind: "server",
    toolName: null,
    title: serverTitle,
    body: server.description,
    identifiers: server.name,
    params: "",
    transports: plainTransports(server.serverJson),
  });
  const toolDocs = server.tools.map((tool) =>
    complete({
      id: toolDocumentId(server.name, tool.name),
      serverName: server.name,
      kind: "tool",
      toolName: tool.name,
      title: [tool.title ?? "", identifierWords(tool.name)].join(" ").trim(),
      body: tool.description,
      identifiers: [tool.name, ...parameterNames(tool.inputSchema)].join(" "),
      params: parameterText(tool.inputSchema),
      transports: [],
    }),
  );
  return [serverDoc, ...toolDocs];
}

function complete(doc: Omit<SearchDocumentWrite, "contentHash" | "embedHash">): SearchDocumentWrite {
  return { ...doc, contentHash: canonicalHash(doc), embedHash: textHash(embedText(doc)) };
}
