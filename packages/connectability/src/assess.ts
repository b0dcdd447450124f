import { serverKey, type ServerJson } from "@catalog/registry";
import { assessPackage } from "./package.js";
import { assessRemote } from "./remote.js";
import type { Candidate, Connectability, PackageEvidence, RemoteEvidence } from "./types.js";

/**
 * Connectability of a server version (DECISIONS.md section 4). Every remote and package is a
 * candidate; the best rank wins: a working remote (R0, then R1) over a package (L0) over a
 * remote that needs a human-provided credential (R2). Without any, the class is unknown. A
 * package's introspection, where one was recorded, weighs in on its rank and reason.
 */
export function assessConnectability(
  server: ServerJson,
  evidence: readonly RemoteEvidence[] = [],
  packages: readonly PackageEvidence[] = [],
): Connectability {
  const byUrl = new Map(evidence.map((e) => [e.url, e]));
  const key = serverKey(server.name);
  const candidates: Candidate[] = [];
  (server.remotes ?? []).forEach((remote, i) => {
    const c = assessRemote(remote, i, key, byUrl.get(remote.url));
    if (c) candidates.push(c);
  });
  (server.packages ?? []).forEach((pkg, i) => {
    const seen = packages.find(
      (e) =>
        e.registryType === pkg.registryType &&
        e.identifier === pkg.identifier &&
        e.version === (pkg.version ?? ""),
    );
    const c = assessPackage(server, i, seen);
    if (c) candidates.push(c);
  });
  const best = candidates.sort((a, b) => a.rank - b.rank)[0];
  if (best) {
    const { rank: _rank, ...connectability } = best;
    return connectability;
  }
  const remotes = server.remotes?.length ?? 0;
  return {
    class: "unknown",
    autonomous: false,
    human_steps: [],
    via: null,
    reason:
      remotes > 0
        ? "The remote has not been probed yet and declares no credential."
        : "No usable remote or package.",
  };
}
