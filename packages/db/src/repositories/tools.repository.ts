import type { Prisma } from "../prisma.js";
import type { Tx } from "./catalog.repository.js";
import { storable } from "../storable.js";

export type StoredTool = {
  name: string;
  title: string | null;
  description: string;
  inputSchema: unknown;
  outputSchema: unknown;
  annotations: unknown;
  definitionHash: string;
};

export type ToolWrite = StoredTool;

export type ToolChangeWrite = {
  tool: string;
  kind: "added" | "removed" | "changed";
  fields: string[];
  descriptionBefore?: string | undefined;
  descriptionAfter?: string | undefined;
  descriptionSimilarity?: number | undefined;
  hashBefore: string | null;
  hashAfter: string | null;
};

type Source = "probe" | "check" | "import";

const json = (v: unknown) => v as Prisma.InputJsonValue;

/** Current tools, observations and tool-definition history; written only by the catalog. */
export class ToolsRepository {
  async current(tx: Tx, serverName: string): Promise<StoredTool[]> {
    return tx.tool.findMany({
      where: { serverName },
      select: {
        name: true,
        title: true,
        description: true,
        inputSchema: true,
        outputSchema: true,
        annotations: true,
        definitionHash: true,
      },
      orderBy: { name: "asc" },
    });
  }

  async lastObservation(tx: Tx, serverName: string): Promise<{ listHash: string; observedAt: Date } | null> {
    return tx.toolObservation.findFirst({
      where: { serverName },
      orderBy: { observedAt: "desc" },
      select: { listHash: true, observedAt: true },
    });
  }

  /** Replaces the current tools with a new observation and appends its history entries. */
  async record(
    tx: Tx,
    serverName: string,
    observation: { source: Source; observedAt: Date; listHash: string },
    tools: ToolWrite[],
    changes: ToolChangeWrite[],
  ): Promise<void> {
    await tx.tool.deleteMany({ where: { serverName } });
    // Imports and the catalog's own jobs write here too, not only the prober: nothing unstorable.
    tools = storable(tools);
    changes = storable(changes);
    if (tools.length) {
      await tx.tool.createMany({
        data: tools.map((t) => ({
          serverName,
          name: t.name,
          title: t.title,
          description: t.description,
          inputSchema: json(t.inputSchema ?? { type: "object" }),
          outputSchema: t.outputSchema == null ? undefined : json(t.outputSchema),
          annotations: json(t.annotations ?? {}),
          source: observation.source,
          observedAt: observation.observedAt,
          definitionHash: t.definitionHash,
        })),
      });
    }
    await tx.toolObservation.create({
      data: {
        serverName,
        source: observation.source,
        observedAt: observation.observedAt,
        listHash: observation.listHash,
        toolCount: tools.length,
        changes: changes.length,
      },
    });
    if (changes.length) {
      await tx.toolChange.createMany({
        data: changes.map((c) => ({ serverName, observedAt: observation.observedAt, ...c })),
      });
    }
    await tx.server.update({ where: { name: serverName }, data: { toolCount: tools.length } });
  }

  /** Marks a repeat observation of an unchanged list (keeps the sources' timestamps fresh). */
  async touch(tx: Tx, serverName: string, source: Source, observedAt: Date): Promise<void> {
    await tx.tool.updateMany({ where: { serverName }, data: { observedAt, source } });
  }
}
