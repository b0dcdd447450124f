import { buildConnection, supportedTargets, type Choice, type Connection } from "@catalog/client-configs";
import { assessPackage, assessRemote, remoteAuth, type RemoteAuth } from "@catalog/connectability";
import { CONNECTION_TARGETS, type ConnectionBody, type ConnectionTarget } from "@catalog/contracts";
import type { ProbeRecord, ServerReadRepository, ServerRecord } from "@catalog/db";
import { installName, isTemplated, type Remote, type ServerJson } from "@catalog/registry";
import { failure, success, type Outcome } from "../http/outcome.js";
import { findServer } from "./lookup.js";
import { checkServer, getConnection, getServer, listTools, searchInstead } from "./next-actions.js";
import { preferredChoice } from "./server-view.js";

/** A server's connection config for one client, with what is known of its remote's auth. */
export class ConnectionService {
  constructor(private readonly repo: ServerReadRepository) {}

  async connection(name: string, target: ConnectionTarget): Promise<Outcome<ConnectionBody>> {
    const [found, probes] = await Promise.all([findServer(this.repo, name), this.repo.latestProbes(name)]);
    if (!found.ok) return found;
    const record = found.body;
    if (record.blockedReason !== null) {
      return failure(403, "blocked", [searchInstead(record)], { reason: record.blockedReason });
    }
    if (record.status === "deleted") {
      const deletedAt = (record.deletedAt ?? record.updatedAt).toISOString();
      return failure(410, "deleted", [searchInstead(record)], { deleted_at: deletedAt });
    }
    const server = record.serverJson;
    const preferred = preferredChoice(record);
    const outcome = buildConnection(server, target, preferred);
    if (!outcome.ok) {
      const others = supportedTargets(server, CONNECTION_TARGETS).map((t) => getConnection(name, t));
      return failure(409, "no_connection", [...others, searchInstead(record)], { reason: outcome.reason });
    }
    const { connection } = outcome;
    const remote =
      connection.source.kind === "remote" ? server.remotes?.[connection.source.index] : undefined;
    const auth = remote ? authOf(remote, record, probes) : { auth_type: null, oauth: null };
    const install = installName(record.name);
    const assessed = classOf(record, server, connection, preferred);
    return success({
      server: record.name,
      key: connection.key,
      install_name: install,
      kind: connection.kind,
      ...assessed,
      human_steps: install
        ? [...assessed.human_steps, renameStep(connection.key, install)]
        : assessed.human_steps,
      target,
      content_type: connection.contentType,
      connection: connection.config,
      ...(connection.deeplink !== undefined ? { deeplink: connection.deeplink } : {}),
      ...(connection.notes !== undefined ? { notes: connection.notes } : {}),
      source: sourceOf(connection),
      secrets: connection.secrets,
      ...auth,
      next_actions: [
        ...(remote && !isTemplated(remote.url) ? [checkServer(remote.url)] : []),
        getServer(name),
        ...(record.toolCount > 0 ? [listTools(name)] : []),
      ],
    });
  }
}

/**
 * Class, autonomy and human steps of what the config connects to: the server's own when that is
 * the remote or package its connectability chose; otherwise (a client that cannot express the
 * preferred one) the assessment of the one used, from what server.json declares.
 */
function classOf(
  record: ServerRecord,
  server: ServerJson,
  connection: Connection,
  preferred: Choice | null,
): Pick<ConnectionBody, "class" | "autonomous" | "human_steps"> {
  const { kind, index } = connection.source;
  const used = kind === "remote" ? "remote" : "package";
  if (!preferred || (preferred.kind === used && preferred.index === index)) {
    return {
      class: record.connectionClass as ConnectionBody["class"],
      autonomous: record.autonomous,
      human_steps: record.humanSteps,
    };
  }
  const remote = server.remotes?.[index];
  const assessed =
    used === "remote" ? remote && assessRemote(remote, index, connection.key) : assessPackage(server, index);
  return assessed
    ? { class: assessed.class, autonomous: assessed.autonomous, human_steps: assessed.human_steps }
    : { class: "unknown", autonomous: false, human_steps: [] };
}

/** Many servers share a generic key; a second install under it would replace the first. */
function renameStep(key: string, install: string): string {
  return `Install it as "${install}" rather than "${key}": rename the "${key}" entry (or the name in the command) before adding it, since many servers are named "${key}" and a second one would replace the first`;
}

function sourceOf(connection: Connection): ConnectionBody["source"] {
  const source = connection.source;
  return source.kind === "remote"
    ? { kind: "remote", transport: source.transport, url: source.url }
    : { kind: source.kind, registry_type: source.registryType, identifier: source.identifier };
}

/** auth_type and oauth of the remote a connection uses (see remoteAuth). */
function authOf(remote: Remote, record: ServerRecord, probes: readonly ProbeRecord[]): RemoteAuth {
  const probe = probes.find((p) => p.url === remote.url);
  const { connectionClass, connectability } = record;
  return remoteAuth({ remote, probe, connectionClass, via: connectability.via });
}
