import {
  advisoryFor,
  type Advisory,
  type Ecosystem,
  type GraphNode,
  type OsvRecord,
} from "@catalog/dependencies";
import type { DepsDevClient } from "./depsdev.client.js";
import type { OsvClient } from "./osv.client.js";

export type GraphToMatch = { ecosystem: Ecosystem; nodes: GraphNode[] };

const keyOf = (ecosystem: Ecosystem, name: string, version: string) =>
  `${ecosystem.id}\u0000${ecosystem.normalizeName(name)}\u0000${version}`;

/**
 * Every OSV advisory affecting any package version of the given graphs: one querybatch pass over
 * the distinct package versions of all graphs together, each advisory fetched once, and the
 * published versions of each affected package read once (for fixed_in).
 */
export class AdvisoryMatcher {
  constructor(
    private readonly osv: OsvClient,
    private readonly depsDev: DepsDevClient,
  ) {}

  async match(graphs: readonly GraphToMatch[]): Promise<Advisory[][]> {
    const queries = new Map<string, { ecosystem: Ecosystem; name: string; version: string }>();
    for (const g of graphs) {
      for (const n of g.nodes)
        queries.set(keyOf(g.ecosystem, n.name, n.version), { ecosystem: g.ecosystem, ...n });
    }
    const list = [...queries.entries()];
    const found = await this.osv.affecting(list.map(([, q]) => q));
    const records = new Map<string, OsvRecord[]>();
    const published = new Map<string, ReadonlySet<string> | null>();
    for (const [i, [key, query]] of list.entries()) {
      const hits = found[i] ?? [];
      if (hits.length === 0) continue;
      const recs: OsvRecord[] = [];
      for (const hit of hits) {
        const record = await this.osv.record(hit.id, hit.modified);
        if (record && !record.withdrawn) recs.push(record);
      }
      records.set(key, recs);
      const packageKey = keyOf(query.ecosystem, query.name, "");
      if (!published.has(packageKey)) {
        const versions = await this.depsDev.versions(query.ecosystem, query.name);
        published.set(packageKey, versions ? new Set(versions.versions) : null);
      }
    }
    return graphs.map((g) =>
      g.nodes.flatMap((node) =>
        (records.get(keyOf(g.ecosystem, node.name, node.version)) ?? []).map((record) =>
          advisoryFor(record, node, g.ecosystem, published.get(keyOf(g.ecosystem, node.name, "")) ?? null),
        ),
      ),
    );
  }
}
