import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { DocumentKind } from "@catalog/db";
import { ExactStore } from "./exact-store.js";
import { HnswGraph } from "./hnsw-graph.js";
import type { VectorHit, VectorIndex, VectorPoint, VectorQuery } from "./vector-index.js";

export type MemoryIndexOptions = {
  /** Above this many vectors of a kind, searches go through an HNSW graph. */
  exactMax: number;
  onError?: (err: Error) => void;
  /** Where graphs are saved and read (none: built at every start). */
  graphDir?: string;
  /** The model and dimensions the vectors come from: a saved graph of another model is not read. */
  modelKey?: string;
};

type KindOptions = MemoryIndexOptions & { graphPath?: string };

/** Points added to a graph per turn of the event loop while it is built. */
const BUILD_CHUNK = 256;

/**
 * The in-process vector index of one kind: exact while small; above `exactMax` an HNSW graph is
 * built in the background (in chunks, so queries keep being answered exactly meanwhile) and
 * then kept up to date point by point.
 */
class KindIndex {
  readonly exact: ExactStore;
  private graph: HnswGraph | undefined;
  private building: Promise<void> | undefined;
  private changedDuringBuild = new Set<string>();
  private readonly byServer = new Map<string, Set<string>>();

  /** Graphs are built only once the stored vectors are loaded (a saved graph is checked against them). */
  private loaded = false;
  private changedSinceSave = false;

  constructor(
    dimensions: number,
    private readonly options: KindOptions,
  ) {
    this.exact = new ExactStore(dimensions);
  }

  markLoaded(): void {
    this.loaded = true;
    this.maybeBuild();
  }

  get approximate(): boolean {
    return this.graph !== undefined;
  }

  idsOf(serverName: string): ReadonlySet<string> {
    return this.byServer.get(serverName) ?? new Set();
  }

  upsert(point: VectorPoint): void {
    // Re-indexing an unchanged server is the common case (every mirror pass): re-adding its
    // points would re-link them in the graph for nothing.
    if (this.holds(point)) return;
    this.exact.upsert(point);
    const ids = this.byServer.get(point.serverName) ?? new Set<string>();
    ids.add(point.id);
    this.byServer.set(point.serverName, ids);
    this.graph?.add(point.id, point.vector);
    this.changedSinceSave = true;
    if (this.building) this.changedDuringBuild.add(point.id);
  }

  private holds(point: VectorPoint): boolean {
    const meta = this.exact.metaOf(point.id);
    const stored = this.exact.vector(point.id);
    if (!meta || !stored || meta.serverName !== point.serverName || meta.toolName !== point.toolName)
      return false;
    for (let i = 0; i < stored.length; i++) if (stored[i] !== point.vector[i]) return false;
    return true;
  }

  remove(id: string): void {
    const meta = this.exact.metaOf(id);
    if (!meta) return;
    this.exact.remove(id);
    const ids = this.byServer.get(meta.serverName);
    ids?.delete(id);
    if (ids?.size === 0) this.byServer.delete(meta.serverName);
    this.graph?.remove(id);
    this.changedSinceSave = true;
    if (this.building) this.changedDuringBuild.add(id);
  }

  /** Starts building the graph once the exact scan would get slow. */
  maybeBuild(): void {
    if (!this.loaded || this.graph || this.building || this.exact.size <= this.options.exactMax) return;
    this.building = this.build()
      .catch((err: Error) => this.options.onError?.(err))
      .finally(() => {
        this.building = undefined;
      });
  }

  /** Resolves when a graph being built is ready (tests, benchmarks). */
  async settled(): Promise<void> {
    await this.building;
  }

  private async build(): Promise<void> {
    const path = this.options.graphPath;
    const saved = path ? await HnswGraph.load(path, this.exact.dimensions).catch(() => undefined) : undefined;
    const graph = saved ?? new HnswGraph(this.exact.dimensions, Math.ceil(this.exact.size * 1.25));
    // A saved graph needs only what changed since it was written.
    let pending = saved ? this.stale(saved) : this.exact.ids();
    this.changedSinceSave = pending.length > 0;
    while (pending.length > 0) {
      for (let i = 0; i < pending.length; i += BUILD_CHUNK) {
        for (const id of pending.slice(i, i + BUILD_CHUNK)) {
          const vector = this.exact.vector(id);
          if (vector) graph.add(id, vector);
          else graph.remove(id);
        }
        await yieldToEventLoop();
      }
      // Points that changed meanwhile (at start, most of the catalog is still loading): another
      // round, in chunks too, until the graph is level with the exact store.
      pending = [...this.changedDuringBuild];
      this.changedDuringBuild = new Set();
    }
    this.graph = graph;
    await this.save();
  }

  /** Saves the graph when it changed since it was last written or read. */
  async save(): Promise<void> {
    const path = this.options.graphPath;
    if (!path || !this.graph || !this.changedSinceSave) return;
    this.changedSinceSave = false;
    await mkdir(dirname(path), { recursive: true });
    await this.graph.save(path).catch((err: Error) => {
      this.changedSinceSave = true;
      this.options.onError?.(err);
    });
  }

  /** Ids where a saved graph and the loaded vectors disagree: changed, new, or gone. */
  private stale(graph: HnswGraph): string[] {
    const out = this.exact.ids().filter((id) => graph.differs(id, this.exact.vector(id)!));
    for (const id of graph.ids()) if (!this.exact.has(id)) out.push(id);
    return out;
  }

  search(vector: Float32Array, k: number, allow?: ReadonlySet<string>): VectorHit[] {
    if (allow) {
      // A selective filter: score the allowed servers' vectors directly.
      let allowed = 0;
      for (const server of allow) allowed += this.byServer.get(server)?.size ?? 0;
      if (allowed <= this.options.exactMax) return this.exact.searchIds(vector, k, this.idsOfAll(allow));
    }
    if (!this.graph) return this.exact.search(vector, k, allow);
    const accept = allow ? (id: string) => allow.has(this.exact.metaOf(id)?.serverName ?? "") : undefined;
    return this.graph.search(vector, k, accept).flatMap(({ id, score }) => {
      const meta = this.exact.metaOf(id);
      return meta ? [{ ...meta, score }] : [];
    });
  }

  /** The ids of the allowed servers' vectors. */
  private *idsOfAll(allow: ReadonlySet<string>): Iterable<string> {
    for (const server of allow) yield* this.byServer.get(server) ?? [];
  }
}

/** Vectors in the search service's memory, loaded from PostgreSQL at start. */
export class MemoryVectorIndex implements VectorIndex {
  private readonly kinds: Record<DocumentKind, KindIndex>;

  constructor(
    readonly dimensions: number,
    options: MemoryIndexOptions,
  ) {
    const kind = (name: DocumentKind) =>
      new KindIndex(dimensions, {
        ...options,
        graphPath:
          options.graphDir &&
          join(options.graphDir, `${safeName(options.modelKey ?? "model")}-${dimensions}-${name}.hnsw`),
      });
    this.kinds = { server: kind("server"), tool: kind("tool") };
  }

  get description(): string {
    const how = (k: KindIndex) => (k.approximate ? "hnsw" : "exact");
    return `in-process (servers ${how(this.kinds.server)}, tools ${how(this.kinds.tool)})`;
  }

  async upsert(points: readonly VectorPoint[]): Promise<void> {
    for (const p of points) this.kinds[p.kind].upsert(p);
    this.kinds.server.maybeBuild();
    this.kinds.tool.maybeBuild();
  }

  async replaceServer(serverName: string, points: readonly VectorPoint[]): Promise<void> {
    const keep = new Set(points.map((p) => p.id));
    for (const kind of Object.values(this.kinds)) {
      for (const id of [...kind.idsOf(serverName)]) if (!keep.has(id)) kind.remove(id);
    }
    await this.upsert(points);
  }

  async search(query: VectorQuery): Promise<VectorHit[]> {
    if (query.vector.length !== this.dimensions) return [];
    return this.kinds[query.kind].search(query.vector, query.k, query.allow);
  }

  /** The stored vectors are loaded: graphs may be built (or read and brought level). */
  loaded(): void {
    this.kinds.server.markLoaded();
    this.kinds.tool.markLoaded();
  }

  async count(kind: DocumentKind): Promise<number> {
    return this.kinds[kind].exact.size;
  }

  /** Waits for graphs being built (benchmarks and tests measure the settled index). */
  async settled(): Promise<void> {
    await Promise.all([this.kinds.server.settled(), this.kinds.tool.settled()]);
  }

  /** Saves graphs changed since they were built or read, so the next start reads them. */
  async close(): Promise<void> {
    await this.settled();
    await Promise.all([this.kinds.server.save(), this.kinds.tool.save()]);
  }
}

function safeName(key: string): string {
  return key.replace(/[^A-Za-z0-9._-]+/g, "_");
}
