import type { ConnectionTarget } from "@catalog/contracts";
import { isTemplated, serverKey, type Package, type Remote, type ServerJson } from "@catalog/registry";
import { isRefusal, refuse, type Endpoint, type Refusal } from "./endpoint.js";
import { LAUNCHERS, mcpbBundle, PACKAGE_ORDER, servedPackage } from "./packages/index.js";
import { remoteEndpoint } from "./remote.js";
import { TARGETS, type Rendered } from "./targets/index.js";

/** One of the server's remotes or packages, by its index in server.json. */
export type Choice = { kind: "remote" | "package"; index: number };

/** What the config connects to. */
export type Source =
  | { kind: "remote"; index: number; transport: "streamable-http" | "sse"; url: string }
  | { kind: "package" | "bundle"; index: number; registryType: string; identifier: string };

/** A rendered config with what it connects to: `endpoint` is the intent the config expresses. */
export type Connection = Rendered & {
  key: string;
  kind: Endpoint["kind"];
  source: Source;
  endpoint: Endpoint;
};

export type ConnectionOutcome = { ok: true; connection: Connection } | { ok: false; reason: string };

type Candidate =
  { kind: "remote"; index: number; remote: Remote } | { kind: "package"; index: number; pkg: Package };

type Ranked = { candidate: Candidate; rank: number };

/**
 * The server's config for one client. The preferred remote or package (the one its
 * connectability chose) is tried first, then the others: remotes before packages, streamable
 * HTTP before SSE, fixed URLs before templated ones, packages in PACKAGE_ORDER. The first that
 * the client can express wins; when none can, the reasons say why.
 */
export function buildConnection(
  server: ServerJson,
  target: ConnectionTarget,
  preferred?: Choice | null,
): ConnectionOutcome {
  const key = serverKey(server.name);
  const reasons: string[] = [];
  for (const candidate of candidates(server, preferred)) {
    const outcome = connect(server, candidate, target, key);
    if (!isRefusal(outcome)) return { ok: true, connection: outcome };
    if (!reasons.includes(outcome.refused)) reasons.push(outcome.refused);
  }
  return {
    ok: false,
    reason: reasons.length ? reasons.join(" ") : "The server lists no remote and no package.",
  };
}

/** The targets that can express the server (without rendering any config). */
export function supportedTargets(
  server: ServerJson,
  targets: readonly ConnectionTarget[],
): ConnectionTarget[] {
  const endpoints = endpointsOf(server);
  return targets.filter((t) => endpoints.some((e) => TARGETS[t].accepts(e)));
}

/** Every way a client can reach the server (remotes, launch commands, bundles), best first. */
export function endpointsOf(server: ServerJson): Endpoint[] {
  const key = serverKey(server.name);
  return candidates(server).flatMap((c) => {
    const endpoint = endpointOf(server, c, key);
    return isRefusal(endpoint) ? [] : [endpoint];
  });
}

function candidates(server: ServerJson, preferred?: Choice | null): Candidate[] {
  const ranked = [
    ...(server.remotes ?? []).map((remote, index): Ranked => ({
      candidate: { kind: "remote", index, remote },
      rank: (remote.type === "sse" ? 1 : 0) + (isTemplated(remote.url) ? 2 : 0),
    })),
    ...(server.packages ?? []).map((pkg, index): Ranked => {
      const order = (PACKAGE_ORDER as readonly string[]).indexOf(pkg.registryType);
      // A package the user must start by hand comes after every one a client starts itself.
      const served = (pkg.transport?.type ?? "stdio") === "stdio" ? 0 : 50;
      return {
        candidate: { kind: "package", index, pkg },
        rank: 10 + served + (order < 0 ? 90 : order),
      };
    }),
  ].sort((a, b) => a.rank - b.rank);
  const list = ranked.map((r) => r.candidate);
  const first = list.findIndex((c) => c.kind === preferred?.kind && c.index === preferred.index);
  if (first > 0) list.unshift(...list.splice(first, 1));
  return list;
}

function connect(server: ServerJson, candidate: Candidate, target: ConnectionTarget, key: string) {
  const endpoint = endpointOf(server, candidate, key);
  if (isRefusal(endpoint)) return endpoint;
  const rendered = TARGETS[target](endpoint, { key, description: server.description });
  if (isRefusal(rendered)) return rendered;
  const source = sourceOf(candidate);
  return { ...rendered, key, kind: source.kind, source, endpoint };
}

function endpointOf(server: ServerJson, candidate: Candidate, key: string): Endpoint | Refusal {
  if (candidate.kind === "remote") return remoteEndpoint(candidate.remote, candidate.index, key);
  return packageEndpoint(server, candidate.index, key);
}

/**
 * How a client reaches the server's package at `index`: a launch command over stdio, the URL
 * of a package the user starts, or an MCPB bundle; or why it cannot.
 */
export function packageEndpoint(server: ServerJson, index: number, key: string): Endpoint | Refusal {
  const packages = server.packages ?? [];
  const pkg = packages[index];
  if (!pkg) return refuse(`The server has no package ${index}.`);
  if (pkg.registryType === "mcpb") return mcpbBundle(packages, index);
  const launcher = LAUNCHERS[pkg.registryType];
  if (!launcher) return refuse(`Packages of type "${pkg.registryType}" have no launch command.`);
  const launch = launcher(pkg);
  if ((pkg.transport?.type ?? "stdio") !== "stdio") return servedPackage(pkg, index, launch, key);
  if (isRefusal(launch)) return launch;
  return { kind: "package", index, registryType: pkg.registryType, identifier: pkg.identifier, ...launch };
}

function sourceOf(candidate: Candidate): Source {
  if (candidate.kind === "remote") {
    const { remote, index } = candidate;
    return {
      kind: "remote",
      index,
      transport: remote.type === "sse" ? "sse" : "streamable-http",
      url: remote.url,
    };
  }
  const { pkg, index } = candidate;
  return {
    kind: pkg.registryType === "mcpb" ? "bundle" : "package",
    index,
    registryType: pkg.registryType,
    identifier: pkg.identifier,
  };
}
