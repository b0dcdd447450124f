import type { PrismaClient } from "../prisma.js";

export type IndexableServer = {
  name: string;
  title: string | null;
  description: string;
  status: string;
  tools: { name: string; title: string | null; description: string; inputSchema: unknown }[];
};

export type SearchDocumentWrite = {
  id: string;
  serverName: string;
  kind: "server" | "tool";
  toolName: string | null;
  /** Weight A text (names and titles). */
  title: string;
  /** Weight B text (descriptions). */
  body: string;
  /** Weight C text and trigram target (identifiers, parameter names). */
  identifiers: string;
  contentHash: string;
};

/** Search documents: written only by the search service. */
export class SearchRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async loadServer(name: string): Promise<IndexableServer | null> {
    return this.prisma.server.findUnique({
      where: { name },
      select: {
        name: true,
        title: true,
        description: true,
        status: true,
        tools: {
          select: { name: true, title: true, description: true, inputSchema: true },
          orderBy: { name: "asc" },
        },
      },
    });
  }

  async documentHashes(serverName: string): Promise<Map<string, string>> {
    const rows = await this.prisma.searchDocument.findMany({
      where: { serverName },
      select: { id: true, contentHash: true },
    });
    return new Map(rows.map((r) => [r.id, r.contentHash]));
  }

  /** Writes changed documents (with their weighted tsvector) and removes ones no longer present. */
  async syncDocuments(
    serverName: string,
    docs: SearchDocumentWrite[],
    changed: SearchDocumentWrite[],
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.searchDocument.deleteMany({ where: { serverName, id: { notIn: docs.map((d) => d.id) } } });
      for (const d of changed) {
        await tx.$executeRaw`
          INSERT INTO search_documents (id, server_name, kind, tool_name, title, body, identifiers, content_hash, tsv, updated_at)
          VALUES (${d.id}, ${d.serverName}, ${d.kind}, ${d.toolName}, ${d.title}, ${d.body}, ${d.identifiers}, ${d.contentHash},
            setweight(to_tsvector('english', ${d.title}), 'A') ||
            setweight(to_tsvector('english', ${d.body}), 'B') ||
            setweight(to_tsvector('simple', ${d.identifiers}), 'C'),
            now())
          ON CONFLICT (id) DO UPDATE SET kind = EXCLUDED.kind, tool_name = EXCLUDED.tool_name, title = EXCLUDED.title,
            body = EXCLUDED.body, identifiers = EXCLUDED.identifiers, content_hash = EXCLUDED.content_hash,
            tsv = EXCLUDED.tsv, updated_at = now()`;
      }
    });
  }

  async removeServer(serverName: string): Promise<void> {
    await this.prisma.searchDocument.deleteMany({ where: { serverName } });
  }

  async count(): Promise<number> {
    return this.prisma.searchDocument.count();
  }
}
