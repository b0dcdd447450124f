import { supportedTargets } from "@catalog/client-configs";
import {
  CONNECTION_TARGETS,
  encodeCursor,
  INLINE_TOOLS_MAX,
  type ConnectionTarget,
  type NextAction,
  type ServerDescriptor,
  type ToolHistoryBody,
  type ToolListBody,
} from "@catalog/contracts";
import type { ServerReadRepository, ServerRecord, ToolRecord } from "@catalog/db";
import type { ServerJson } from "@catalog/registry";
import { success, type Outcome } from "../http/outcome.js";
import { findServer } from "./lookup.js";
import { checkServer, getConnection, listTools, searchInstead } from "./next-actions.js";
import {
  connectabilityReason,
  fixedRemote,
  iconsOf,
  ownerBlock,
  packagesOf,
  qualityBlock,
  remotesOf,
  repositoryOf,
  toolEntry,
  trustBlock,
} from "./server-view.js";

/** Descriptor, tools and tool history of a server: reads only, assembled from the catalog. */
export class ServersService {
  constructor(private readonly repo: ServerReadRepository) {}

  async descriptor(name: string, schemas: boolean): Promise<Outcome<ServerDescriptor>> {
    const [found, tools, probes] = await Promise.all([
      findServer(this.repo, name),
      this.repo.tools(name, { schemas, limit: INLINE_TOOLS_MAX + 1 }),
      this.repo.latestProbes(name),
    ]);
    if (!found.ok) return found;
    const record = found.body;
    const server = record.serverJson;
    const targets = supportedTargets(server, CONNECTION_TARGETS);
    return success({
      name: record.name,
      title: record.title,
      description: record.description,
      version: record.latestVersion,
      status: record.status,
      published_at: record.publishedAt?.toISOString() ?? null,
      first_published_at: record.firstPublishedAt.toISOString(),
      updated_at: record.updatedAt.toISOString(),
      deleted_at: record.deletedAt?.toISOString() ?? null,
      website_url: record.websiteUrl,
      repository: repositoryOf(server),
      icons: iconsOf(server),
      remotes: remotesOf(server, probes),
      packages: packagesOf(server, record.packageFreshness),
      connection: {
        class: record.connectionClass as ServerDescriptor["connection"]["class"],
        autonomous: record.autonomous,
        human_steps: record.humanSteps,
        reason: connectabilityReason(record),
        targets,
      },
      categories: record.categories,
      trust: trustBlock(record),
      quality: qualityBlock(record),
      owner: ownerBlock(record),
      blocked: record.blockedReason !== null,
      tool_count: tools.length > INLINE_TOOLS_MAX ? Math.max(record.toolCount, tools.length) : tools.length,
      tool_tokens: record.toolTokens,
      tools: tools.slice(0, INLINE_TOOLS_MAX).map(toolEntry),
      next_actions: descriptorActions(record, server, targets, tools, schemas),
    });
  }

  async tools(name: string, limit: number, after?: string): Promise<Outcome<ToolListBody>> {
    const [found, rows] = await Promise.all([
      findServer(this.repo, name),
      this.repo.tools(name, { after, limit: limit + 1, schemas: true }),
    ]);
    if (!found.ok) return found;
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const nextCursor = rows.length > limit && last ? encodeCursor([last.name]) : null;
    return success({
      server: found.body.name,
      count: page.length,
      tools: page.map(toolEntry),
      next_cursor: nextCursor,
      next_actions: nextCursor ? [listTools(name, nextCursor)] : connectionActions(found.body),
    });
  }

  async toolHistory(
    name: string,
    limit: number,
    before?: { observedAt: string; id: string },
  ): Promise<Outcome<ToolHistoryBody>> {
    const [found, rows] = await Promise.all([
      findServer(this.repo, name),
      this.repo.toolChanges(name, limit + 1, before),
    ]);
    if (!found.ok) return found;
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return success({
      server: found.body.name,
      count: page.length,
      entries: page.map((c) => ({
        tool: c.tool,
        kind: c.kind,
        ...(c.renamedFrom !== null ? { renamed_from: c.renamedFrom } : {}),
        observed_at: c.observedAt.toISOString(),
        fields: c.fields,
        ...(c.descriptionBefore !== null ? { description_before: c.descriptionBefore } : {}),
        ...(c.descriptionAfter !== null ? { description_after: c.descriptionAfter } : {}),
        description_similarity: c.descriptionSimilarity,
        hash_before: c.hashBefore,
        hash_after: c.hashAfter,
      })),
      next_before: rows.length > limit && last ? encodeCursor([last.position, String(last.id)]) : null,
      next_actions: [listTools(name)],
    });
  }
}

/** The connection in the first target that can express the server; else a search for others. */
function connectionActions(record: ServerRecord): NextAction[] {
  const [best] = supportedTargets(record.serverJson, CONNECTION_TARGETS);
  return best ? [getConnection(record.name, best)] : [searchInstead(record)];
}

function descriptorActions(
  record: ServerRecord,
  server: ServerJson,
  targets: readonly ConnectionTarget[],
  tools: readonly ToolRecord[],
  schemas: boolean,
): NextAction[] {
  if (record.blockedReason !== null || record.status === "deleted" || targets.length === 0) {
    return [searchInstead(record)];
  }
  const actions = [getConnection(record.name, targets[0] ?? "mcpServers")];
  // Past the inline tools, the list goes on where the descriptor stopped.
  const last = tools[INLINE_TOOLS_MAX - 1];
  if (tools.length > INLINE_TOOLS_MAX && last)
    actions.push(listTools(record.name, encodeCursor([last.name])));
  else if (tools.length > 0 && !schemas) actions.push(listTools(record.name));
  const remote = fixedRemote(server);
  if (remote) actions.push(checkServer(remote.url));
  return actions;
}
