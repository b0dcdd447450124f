import type { ToolSourceId } from "@catalog/contracts";
import type { Prisma, ToolChangeKind } from "../prisma.js";
import type { Tx } from "./catalog.repository.js";
import { storable } from "../storable.js";

/** A tool's definition as the tools table holds it (what evidence and the registry's full view read). */
export type ToolDefinitionRow = {
  name: string;
  title: string | null;
  description: string;
  inputSchema: unknown;
  outputSchema: unknown;
  annotations: unknown;
};

export type StoredTool = ToolDefinitionRow & {
  definitionHash: string;
  /** Tokens of the definition as a client sends it; null for rows written before it was counted. */
  definitionTokens: number | null;
};

export type ToolWrite = StoredTool;

/** A tool whose tokens are not counted yet, with what they are counted from. */
export type UncountedTool = {
  serverName: string;
  name: string;
  description: string;
  inputSchema: unknown;
  outputSchema: unknown;
  definitionHash: string;
};

export type ToolChangeWrite = {
  tool: string;
  kind: ToolChangeKind;
  renamedFrom?: string | undefined;
  fields: string[];
  descriptionBefore?: string | undefined;
  descriptionAfter?: string | undefined;
  descriptionSimilarity?: number | undefined;
  hashBefore: string | null;
  hashAfter: string | null;
};

type Source = ToolSourceId;

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
        definitionTokens: true,
      },
      orderBy: { name: "asc" },
    });
  }

  /**
   * The current list's hash and when it was last seen: its observation, or a later sighting of
   * the same list (`touch` moves the tools' time, not the observation's), so that an older
   * observation arriving late is known as such.
   */
  async lastObservation(tx: Tx, serverName: string): Promise<{ listHash: string; observedAt: Date } | null> {
    const last = await tx.toolObservation.findFirst({
      where: { serverName },
      orderBy: { observedAt: "desc" },
      select: { listHash: true, observedAt: true },
    });
    const seen = await tx.tool.aggregate({ where: { serverName }, _max: { observedAt: true } });
    const sighted = seen._max.observedAt;
    return last && sighted && sighted > last.observedAt ? { ...last, observedAt: sighted } : last;
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
          definitionTokens: t.definitionTokens,
        })),
      });
    }
    const totalTokens = sumOfTokens(tools);
    await tx.toolObservation.create({
      data: {
        serverName,
        source: observation.source,
        observedAt: observation.observedAt,
        listHash: observation.listHash,
        toolCount: tools.length,
        totalTokens,
        changes: changes.length,
      },
    });
    if (changes.length) {
      await tx.toolChange.createMany({
        data: changes.map((c) => ({ serverName, observedAt: observation.observedAt, ...c })),
      });
    }
    await tx.server.update({
      where: { name: serverName },
      data: { toolCount: tools.length, toolTokens: totalTokens },
    });
  }

  /** Marks a repeat observation of an unchanged list (keeps the sources' timestamps fresh). */
  async touch(tx: Tx, serverName: string, source: Source, observedAt: Date): Promise<void> {
    await tx.tool.updateMany({ where: { serverName }, data: { observedAt, source } });
  }

  /** Tools written before their tokens were counted, a batch at a time. */
  async uncounted(tx: Tx, limit: number): Promise<UncountedTool[]> {
    return tx.tool.findMany({
      where: { definitionTokens: null },
      select: {
        serverName: true,
        name: true,
        description: true,
        inputSchema: true,
        outputSchema: true,
        definitionHash: true,
      },
      orderBy: [{ serverName: "asc" }, { name: "asc" }],
      take: limit,
    });
  }

  /**
   * Records counted tools (each only while it still has the definition it was counted from and
   * no count), then the totals of their servers whose every tool is counted; returns the servers.
   */
  async setTokens(
    tx: Tx,
    counted: { serverName: string; name: string; definitionHash: string; tokens: number }[],
  ): Promise<string[]> {
    const column = <K extends keyof (typeof counted)[number]>(k: K) => counted.map((c) => c[k]);
    await tx.$executeRaw`
      UPDATE tools t SET definition_tokens = u.tokens
      FROM unnest(${column("serverName")}::text[], ${column("name")}::text[],
                  ${column("definitionHash")}::text[], ${column("tokens")}::int[])
           AS u(server_name, name, definition_hash, tokens)
      WHERE t.server_name = u.server_name AND t.name = u.name
        AND t.definition_hash = u.definition_hash AND t.definition_tokens IS NULL`;
    const servers = [...new Set(column("serverName"))];
    await tx.$executeRaw`
      UPDATE servers s SET tool_tokens = t.total
      FROM (SELECT server_name, sum(definition_tokens)::int AS total FROM tools
            WHERE server_name = ANY(${servers}::text[]) GROUP BY server_name
            HAVING count(*) = count(definition_tokens)) t
      WHERE s.name = t.server_name`;
    return servers;
  }
}

/** The sum of the tools' tokens, or null while any is uncounted. */
function sumOfTokens(tools: readonly { definitionTokens: number | null }[]): number | null {
  let total = 0;
  for (const t of tools) {
    if (t.definitionTokens === null) return null;
    total += t.definitionTokens;
  }
  return total;
}
