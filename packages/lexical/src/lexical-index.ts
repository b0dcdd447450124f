import { terms } from "./analyze.js";
import {
  DEFAULT_BM25F,
  FIELDS,
  idf,
  saturate,
  type Bm25fParams,
  type FieldTexts,
  type Kind,
} from "./fields.js";
import { TopK } from "./top-k.js";

/** One document of a server: the server itself (`tool` null) or one of its tools. */
export type LexicalDocument = {
  tool: string | null;
  fields: FieldTexts;
  /** Any 32-bit digest of the content: an unchanged document is kept, not re-analysed. */
  hash: number;
};

/**
 * A query term with its weight (1 for the query's own words, less for expansions). An optional
 * term (an expansion) adds to a document's score and coverage, never to what coverage is out of;
 * with a `source` (the query term it expands) it weighs at most what its source does, so a rare
 * associate never outweighs the word the user typed.
 */
export type QueryTerm = { term: string; weight: number; optional?: boolean; source?: string };

export type LexicalSearch = {
  /** Servers to return. */
  servers: number;
  /** Tools to return in the tool ranking. */
  tools: number;
  /** Matched tools kept per server. */
  toolsPerServer: number;
  /** Servers that may answer (all when absent). */
  allow?: (server: string) => boolean;
  /** Overrides of the index's scoring parameters that apply at query time (calibration). */
  toolShare?: number;
  twinPower?: number;
};

/**
 * `coverage` (0..1): the share of the query's weight (its terms' IDF, terms the index does not
 * know counting as the rarest) that the document matched; for a server, its best document's.
 */
export type ToolMatch = { server: string; tool: string; score: number; coverage: number };
export type ServerMatch = { server: string; score: number; coverage: number; tools: ToolMatch[] };
/** Servers ranked by their own document plus their best tool; tools ranked on their own. */
export type LexicalAnswer = { servers: ServerMatch[]; tools: ToolMatch[] };

export type LexicalStats = {
  servers: number;
  documents: number;
  deadDocuments: number;
  terms: number;
  postings: number;
};

const F = FIELDS.length;
const KIND_CODE: Record<Kind, number> = { server: 0, tool: 1 };
/** Occurrences of a term counted per field (8 bits each in a posting). */
const TF_MAX = 255;
/** Field length averages may drift this much before every document's normaliser is recomputed. */
const DRIFT = 0.05;
/** A term's list is read for the candidates only when it is this many times longer than they are many. */
const LOOKUP_RATIO = 24;
/** Terms in more than this share of the documents (and MIN_COMMON) only add to candidates found. */
const COMMON_SHARE = 0.01;
const MIN_COMMON = 1_000;
/** Documents found by the rarer terms past which commoner terms open no new candidates. */
const MAX_CANDIDATES = 3_000;
const SERVER_DOC = "\u0000server";
const FOUND = 1e-20;
/** A server's state in a search's scratch: 1 may answer, 2 filtered out, 3 among the servers returned. */
const IN_TOP = 3;

/**
 * An in-memory BM25F index over servers and their tools, kept current one server at a time.
 *
 * Postings are typed arrays per term (document id and the term's counts in the four fields,
 * packed in 8 bits each), so 300,000 tools cost a few bytes per term occurrence rather than a
 * JavaScript object each. Document ids only grow, so every posting list is sorted by id: a
 * common term is looked up by binary search for the documents rarer terms found instead of being
 * scanned in full. A removed document is marked dead and skipped; once a quarter of the
 * documents are dead, the index is compacted.
 *
 * Not safe for concurrent use from several threads; calls are synchronous.
 */
export class LexicalIndex {
  private readonly termIds = new Map<string, number>();
  private postings: Uint32Array[] = [];
  private postingCount: number[] = [];
  private frequency = new Int32Array(1024);

  private capacity = 1024;
  private docCount = 0;
  private liveDocs = 0;
  private docServer = new Int32Array(this.capacity);
  private docKind = new Uint8Array(this.capacity);
  private docAlive = new Uint8Array(this.capacity);
  private docHash = new Uint32Array(this.capacity);
  private docTool: (string | null)[] = [];
  /** A digest of each tool's text, and how many live tools share it. */
  private docTwin = new Uint32Array(this.capacity);
  private readonly twins = new Map<number, number>();
  private docTwinCount = new Uint16Array(this.capacity);
  private docTwinStamp = new Uint32Array(this.capacity);
  /** Moves on every tool added or removed: cached twin counts older than it are read again. */
  private twinVersion = 1;
  private docLength = new Uint16Array(this.capacity * F);
  private docNorm = new Float32Array(this.capacity * F);
  /** Each document's distinct term ids, for removal and compaction. */
  private forward = new Uint32Array(4096);
  private forwardUsed = 0;
  private docForward = new Uint32Array(this.capacity);
  private docTerms = new Uint32Array(this.capacity);

  /** Field length sums and document counts per kind, and the averages the normalisers use. */
  private readonly lengthSum = new Float64Array(2 * F);
  private readonly kindCount = new Float64Array(2);
  private readonly normAverage = new Float64Array(2 * F);
  private normsStale = false;

  private readonly serverIds = new Map<string, number>();
  private serverNames: string[] = [];
  private serverDocs: number[][] = [];

  /** Scratch of one search, reused. */
  private score = new Float32Array(this.capacity);
  private cover = new Float32Array(this.capacity);
  /** The query weight of the search under way (for coverage). */
  private queryWeight = 1;
  private touched = new Int32Array(1024);
  private scratch = {
    state: new Uint8Array(0),
    own: new Float32Array(0),
    best: new Float32Array(0),
    coverage: new Float32Array(0),
  };

  constructor(private readonly params: Bm25fParams = DEFAULT_BM25F) {}

  /** Makes `documents` the server's documents: unchanged ones are kept, the rest replaced. */
  setServer(server: string, documents: readonly LexicalDocument[]): void {
    const id = this.serverId(server);
    const existing = new Map<string, number>();
    for (const d of this.serverDocs[id]!) existing.set(this.docTool[d] ?? SERVER_DOC, d);
    const kept: number[] = [];
    for (const doc of documents) {
      const key = doc.tool ?? SERVER_DOC;
      const old = existing.get(key);
      if (old !== undefined && this.docHash[old] === doc.hash >>> 0) {
        existing.delete(key);
        kept.push(old);
        continue;
      }
      kept.push(this.add(id, doc));
    }
    for (const d of existing.values()) this.kill(d);
    this.serverDocs[id] = kept;
    this.compactIfNeeded();
  }

  removeServer(server: string): void {
    const id = this.serverIds.get(server);
    if (id === undefined) return;
    for (const d of this.serverDocs[id]!) this.kill(d);
    this.serverDocs[id] = [];
    this.compactIfNeeded();
  }

  has(server: string): boolean {
    const id = this.serverIds.get(server);
    return id !== undefined && this.serverDocs[id]!.length > 0;
  }

  stats(): LexicalStats {
    let postings = 0;
    for (const n of this.postingCount) postings += n;
    let servers = 0;
    for (const docs of this.serverDocs) if (docs.length > 0) servers++;
    return {
      servers,
      documents: this.liveDocs,
      deadDocuments: this.docCount - this.liveDocs,
      terms: this.termIds.size,
      postings,
    };
  }

  search(query: readonly QueryTerm[], options: LexicalSearch): LexicalAnswer {
    if (this.normsStale) this.renormalise();
    const resolved = this.resolve(query);
    if (resolved.length === 0) return { servers: [], tools: [] };
    this.queryWeight = this.totalWeight(query);
    let touched = 0;
    // A term in more than this many documents finds no new candidates once rarer terms found
    // some: a document that matches only common words ranks low anyway, and such terms would
    // otherwise touch a third of a large catalog for every query.
    const common = Math.max(MIN_COMMON, this.liveDocs * COMMON_SHARE);
    for (const { term, weight } of resolved) {
      const count = this.postingCount[term]!;
      // Rarer terms first: once they found MAX_CANDIDATES documents, the commoner ones only add
      // to those (MaxScore's idea: a document without any of the rare terms cannot win).
      const opens = count <= common && touched < MAX_CANDIDATES && touched * LOOKUP_RATIO >= count;
      if (touched === 0 || opens) touched = this.scan(term, weight, touched);
      else if (touched * Math.log2(count) < count) this.lookUp(term, weight, touched);
      else this.scanFound(term, weight);
    }
    try {
      return this.rank(touched, options);
    } finally {
      for (let i = 0; i < touched; i++) {
        this.score[this.touched[i]!] = 0;
        this.cover[this.touched[i]!] = 0;
      }
    }
  }

  /**
   * Every tool of one server that matches the query, scored as `search` scores it (BM25F, and
   * coverage: the share of the query's weight matched), best first. A found server's tools for
   * one intent: it reads only that server's documents, whatever the rest of the index holds.
   */
  serverTools(query: readonly QueryTerm[], server: string): ToolMatch[] {
    const id = this.serverIds.get(server);
    if (id === undefined) return [];
    if (this.normsStale) this.renormalise();
    const resolved = this.resolve(query);
    const total = this.totalWeight(query);
    const out: ToolMatch[] = [];
    for (const doc of this.serverDocs[id]!) {
      if (this.docKind[doc] !== KIND_CODE.tool) continue;
      let score = 0;
      let cover = 0;
      for (const { term, weight } of resolved) {
        const packed = this.countsIn(term, doc);
        if (packed === undefined) continue;
        score += weight * this.contribution(doc, packed);
        cover += weight;
      }
      if (cover > 0)
        out.push({ server, tool: this.docTool[doc]!, score, coverage: Math.min(1, cover / total) });
    }
    return out.sort((a, b) => b.score - a.score || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
  }

  /** The whole query's weight: every own term's weight times its IDF, unknown terms as the rarest. */
  private totalWeight(query: readonly QueryTerm[]): number {
    const weights = new Map<string, number>();
    for (const q of query) if (!q.optional) weights.set(q.term, Math.max(weights.get(q.term) ?? 0, q.weight));
    let total = 0;
    for (const [term, weight] of weights) total += weight * this.idfOf(term);
    return total > 0 ? total : 1;
  }

  /** The query's known terms with their weights times IDF, rarest first. */
  private resolve(query: readonly QueryTerm[]): { term: number; weight: number }[] {
    const weights = new Map<number, number>();
    for (const q of query) {
      const id = this.termIds.get(q.term);
      if (id === undefined || this.frequency[id]! <= 0) continue;
      let weight = q.weight * this.idfOf(q.term);
      if (q.source !== undefined) weight = Math.min(weight, q.weight * this.idfOf(q.source));
      weights.set(id, Math.max(weights.get(id) ?? 0, weight));
    }
    return [...weights.entries()]
      .map(([term, weight]) => ({ term, weight }))
      .sort((a, b) => this.frequency[a.term]! - this.frequency[b.term]!);
  }

  /** A term's IDF; a term the index does not know counts as the rarest. */
  private idfOf(term: string): number {
    const id = this.termIds.get(term);
    return idf(this.liveDocs, id === undefined ? 0 : Math.max(0, this.frequency[id]!));
  }

  private scan(term: number, weight: number, touched: number): number {
    const list = this.postings[term]!;
    const count = this.postingCount[term]!;
    for (let i = 0; i < count; i++) {
      const doc = list[2 * i]!;
      if (this.docAlive[doc] === 0) continue;
      const add = weight * this.contribution(doc, list[2 * i + 1]!);
      this.cover[doc]! += weight;
      if (this.score[doc] !== 0) this.score[doc]! += add;
      else {
        touched = this.touch(doc, touched);
        // Non-zero marks the document as found even where a field's weight is 0.
        this.score[doc] = add || FOUND;
      }
    }
    return touched;
  }

  /** Adds a term's contribution to the documents already found, reading its whole list. */
  private scanFound(term: number, weight: number): void {
    const list = this.postings[term]!;
    const count = this.postingCount[term]!;
    for (let i = 0; i < count; i++) {
      const doc = list[2 * i]!;
      if (this.score[doc] === 0) continue; // not found by rarer terms (or dead: never found)
      this.score[doc]! += weight * this.contribution(doc, list[2 * i + 1]!);
      this.cover[doc]! += weight;
    }
  }

  /** Adds a term's contribution to the documents already found, looking each up. */
  private lookUp(term: number, weight: number, touched: number): void {
    for (let t = 0; t < touched; t++) {
      const doc = this.touched[t]!;
      const packed = this.countsIn(term, doc);
      if (packed === undefined) continue;
      this.score[doc]! += weight * this.contribution(doc, packed);
      this.cover[doc]! += weight;
    }
  }

  /** The term's packed field counts in the document, by binary search of its posting list. */
  private countsIn(term: number, doc: number): number | undefined {
    const list = this.postings[term]!;
    let lo = 0;
    let hi = this.postingCount[term]! - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = list[2 * mid]!;
      if (at === doc) return list[2 * mid + 1]!;
      if (at < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  private touch(doc: number, touched: number): number {
    if (touched === this.touched.length) this.touched = grow(this.touched, touched + 1);
    this.touched[touched] = doc;
    return touched + 1;
  }

  /** BM25F: the field counts weighted and length-normalised, summed, then saturated. */
  private contribution(doc: number, packed: number): number {
    const base = doc * F;
    let tf = 0;
    for (let f = 0; f < F; f++) {
      const n = (packed >>> (8 * f)) & TF_MAX;
      if (n !== 0) tf += n * this.docNorm[base + f]!;
    }
    return tf === 0 ? 0 : saturate(tf, this.params.k1);
  }

  /**
   * Servers and tools from the documents found. Per-server sums live in typed arrays indexed by
   * server (reset for the servers touched), so a query that touches 100,000 tool documents
   * allocates nothing per document.
   */
  private rank(touched: number, options: LexicalSearch): LexicalAnswer {
    const twinPower = options.twinPower ?? this.params.twinPower;
    const toolShare = options.toolShare ?? this.params.toolShare;
    const s = this.serverScratch();
    const servers: number[] = [];
    const toolTop = new TopK<number>(options.tools);
    try {
      for (let i = 0; i < touched; i++) {
        const doc = this.touched[i]!;
        const server = this.docServer[doc]!;
        let state = s.state[server]!;
        if (state === 0) {
          state = s.state[server] = !options.allow || options.allow(this.serverNames[server]!) ? 1 : 2;
          servers.push(server);
        }
        if (state === 2) continue;
        s.coverage[server] = Math.max(s.coverage[server]!, this.coverOf(doc));
        if (this.docKind[doc] === KIND_CODE.server) s.own[server] = this.score[doc]!;
        else if (this.score[doc]! > s.best[server]! || toolTop.admits(this.score[doc]!)) {
          // The twin discount only lowers a score: looked up only where the raw score matters.
          const score = this.toolScore(doc, twinPower);
          if (score > s.best[server]!) s.best[server] = score;
          toolTop.offer(doc, score, () => this.toolKey(doc));
        }
      }
      const serverTop = new TopK<number>(options.servers);
      for (const server of servers)
        if (s.state[server] === 1)
          serverTop.offer(
            server,
            s.own[server]! + toolShare * s.best[server]!,
            () => this.serverNames[server]!,
          );
      const top = serverTop.sorted();
      for (const t of top) s.state[t.item] = IN_TOP;
      const toolsOf = this.toolsOf(
        top.map((t) => t.item),
        touched,
        options.toolsPerServer,
        twinPower,
      );
      return {
        servers: top.map((t) => ({
          server: this.serverNames[t.item]!,
          score: t.score,
          coverage: s.coverage[t.item]!,
          tools: toolsOf.get(t.item) ?? [],
        })),
        tools: toolTop.sorted().map((t) => this.toolMatch(t.item, t.score)),
      };
    } finally {
      for (const server of servers) s.state[server] = s.own[server] = s.best[server] = s.coverage[server] = 0;
    }
  }

  /** Per-server scratch of one search, sized to the servers known. */
  private serverScratch(): {
    state: Uint8Array;
    own: Float32Array;
    best: Float32Array;
    coverage: Float32Array;
  } {
    const n = this.serverNames.length;
    if (this.scratch.state.length < n) {
      const size = Math.max(n, this.scratch.state.length * 2);
      this.scratch = {
        state: new Uint8Array(size),
        own: new Float32Array(size),
        best: new Float32Array(size),
        coverage: new Float32Array(size),
      };
    }
    return this.scratch;
  }

  /** The best tools of the given servers among the documents found. */
  private toolsOf(
    servers: readonly number[],
    touched: number,
    perServer: number,
    twinPower: number,
  ): Map<number, ToolMatch[]> {
    const tops = new Map<number, TopK<number>>(
      servers.map((server) => [server, new TopK<number>(perServer)]),
    );
    const state = this.scratch.state;
    for (let i = 0; i < touched; i++) {
      const doc = this.touched[i]!;
      if (this.docKind[doc] !== KIND_CODE.tool || state[this.docServer[doc]!] !== IN_TOP) continue;
      tops.get(this.docServer[doc]!)!.offer(doc, this.toolScore(doc, twinPower), () => this.toolKey(doc));
    }
    return new Map(
      [...tops.entries()].map(([server, top]) => [
        server,
        top.sorted().map((t) => this.toolMatch(t.item, t.score)),
      ]),
    );
  }

  private toolScore(doc: number, twinPower: number): number {
    const twins = twinPower > 0 ? this.twinCount(doc) : 1;
    return twins > 1 ? this.score[doc]! / twins ** twinPower : this.score[doc]!;
  }

  /** How many live tools share the document's text, cached per document until the index changes. */
  private twinCount(doc: number): number {
    if (this.docTwinStamp[doc] === this.twinVersion) return this.docTwinCount[doc]!;
    const n = this.twins.get(this.docTwin[doc]!) ?? 1;
    this.docTwinCount[doc] = Math.min(n, 0xffff);
    this.docTwinStamp[doc] = this.twinVersion;
    return n;
  }

  private toolKey(doc: number): string {
    return `${this.serverNames[this.docServer[doc]!]}\u0000${this.docTool[doc]}`;
  }

  private coverOf(doc: number): number {
    return Math.min(1, this.cover[doc]! / this.queryWeight);
  }

  private toolMatch(doc: number, score: number): ToolMatch {
    return {
      server: this.serverNames[this.docServer[doc]!]!,
      tool: this.docTool[doc]!,
      score,
      coverage: this.coverOf(doc),
    };
  }

  private serverId(server: string): number {
    let id = this.serverIds.get(server);
    if (id === undefined) {
      id = this.serverNames.length;
      this.serverIds.set(server, id);
      this.serverNames.push(server);
      this.serverDocs.push([]);
    }
    return id;
  }

  private add(server: number, doc: LexicalDocument): number {
    const id = this.docCount++;
    this.ensureCapacity(this.docCount);
    const kind = doc.tool === null ? KIND_CODE.server : KIND_CODE.tool;
    this.docServer[id] = server;
    this.docKind[id] = kind;
    this.docAlive[id] = 1;
    this.docHash[id] = doc.hash >>> 0;
    this.docTool[id] = doc.tool;
    const counts = new Map<number, number>();
    FIELDS.forEach((field, f) => {
      const list = terms(doc.fields[field]);
      this.docLength[id * F + f] = Math.min(list.length, 0xffff);
      this.lengthSum[kind * F + f]! += list.length;
      for (const term of list) {
        const t = this.termId(term);
        const packed = counts.get(t) ?? 0;
        if (((packed >>> (8 * f)) & TF_MAX) < TF_MAX) counts.set(t, packed + (1 << (8 * f)));
      }
    });
    if (kind === KIND_CODE.tool) {
      const twin = digest(doc.fields);
      this.docTwin[id] = twin;
      this.twins.set(twin, (this.twins.get(twin) ?? 0) + 1);
      this.twinVersion++;
    }
    this.kindCount[kind]! += 1;
    this.liveDocs++;
    this.docForward[id] = this.forwardUsed;
    this.docTerms[id] = counts.size;
    if (this.forwardUsed + counts.size > this.forward.length)
      this.forward = grow(this.forward, this.forwardUsed + counts.size);
    for (const [t, packed] of counts) {
      this.forward[this.forwardUsed++] = t;
      this.append(t, id, packed >>> 0);
      this.frequency[t]! += 1;
    }
    this.normalise(id);
    this.checkDrift(kind);
    return id;
  }

  private kill(doc: number): void {
    if (this.docAlive[doc] === 0) return;
    this.docAlive[doc] = 0;
    this.liveDocs--;
    const kind = this.docKind[doc]!;
    this.kindCount[kind]! -= 1;
    if (kind === KIND_CODE.tool) {
      const twin = this.docTwin[doc]!;
      const left = (this.twins.get(twin) ?? 1) - 1;
      if (left > 0) this.twins.set(twin, left);
      else this.twins.delete(twin);
      this.twinVersion++;
    }
    for (let f = 0; f < F; f++) this.lengthSum[kind * F + f]! -= this.docLength[doc * F + f]!;
    const start = this.docForward[doc]!;
    for (let i = 0; i < this.docTerms[doc]!; i++) this.frequency[this.forward[start + i]!]! -= 1;
    this.checkDrift(kind);
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.postings.length;
      this.termIds.set(term, id);
      this.postings.push(new Uint32Array(4));
      this.postingCount.push(0);
      if (id >= this.frequency.length) this.frequency = grow(this.frequency, id + 1);
    }
    return id;
  }

  private append(term: number, doc: number, packed: number): void {
    const n = this.postingCount[term]!;
    let list = this.postings[term]!;
    if (2 * n + 2 > list.length) list = this.postings[term] = grow(list, 2 * n + 2);
    list[2 * n] = doc;
    list[2 * n + 1] = packed;
    this.postingCount[term] = n + 1;
  }

  private average(kind: number, f: number): number {
    const n = this.kindCount[kind]!;
    return n > 0 ? Math.max(1, this.lengthSum[kind * F + f]! / n) : 1;
  }

  private checkDrift(kind: number): void {
    for (let f = 0; f < F; f++) {
      const used = this.normAverage[kind * F + f]!;
      if (Math.abs(this.average(kind, f) - used) > DRIFT * Math.max(used, 1)) this.normsStale = true;
    }
  }

  /** The weight over the length normaliser of each field of a document. */
  private normalise(doc: number): void {
    const kind = this.docKind[doc]!;
    const weights = this.params.weights[kind === KIND_CODE.server ? "server" : "tool"];
    FIELDS.forEach((field, f) => {
      const average = this.normAverage[kind * F + f] || this.average(kind, f);
      const b = this.params.b[field];
      const length = this.docLength[doc * F + f]!;
      this.docNorm[doc * F + f] = weights[field] / (1 - b + (b * length) / average);
    });
  }

  private renormalise(): void {
    for (let kind = 0; kind < 2; kind++)
      for (let f = 0; f < F; f++) this.normAverage[kind * F + f] = this.average(kind, f);
    for (let d = 0; d < this.docCount; d++) if (this.docAlive[d] === 1) this.normalise(d);
    this.normsStale = false;
  }

  private ensureCapacity(docs: number): void {
    if (docs <= this.capacity) return;
    const capacity = Math.max(docs, this.capacity * 2);
    this.docServer = resize(this.docServer, capacity);
    this.docKind = resize(this.docKind, capacity);
    this.docAlive = resize(this.docAlive, capacity);
    this.docHash = resize(this.docHash, capacity);
    this.docTwin = resize(this.docTwin, capacity);
    this.docTwinCount = resize(this.docTwinCount, capacity);
    this.docTwinStamp = resize(this.docTwinStamp, capacity);
    this.docForward = resize(this.docForward, capacity);
    this.docTerms = resize(this.docTerms, capacity);
    this.docLength = resize(this.docLength, capacity * F);
    this.docNorm = resize(this.docNorm, capacity * F);
    this.score = resize(this.score, capacity);
    this.cover = resize(this.cover, capacity);
    this.capacity = capacity;
  }

  private compactIfNeeded(): void {
    const dead = this.docCount - this.liveDocs;
    if (dead < 1_000 || dead < this.docCount / 4) return;
    this.compact();
  }

  /** Drops dead documents: ids renumbered in order, so posting lists stay sorted. */
  compact(): void {
    const remap = new Int32Array(this.docCount).fill(-1);
    let next = 0;
    for (let d = 0; d < this.docCount; d++) if (this.docAlive[d] === 1) remap[d] = next++;
    this.postings.forEach((list, t) => {
      let w = 0;
      for (let i = 0; i < this.postingCount[t]!; i++) {
        const to = remap[list[2 * i]!]!;
        if (to < 0) continue;
        list[2 * w] = to;
        list[2 * w + 1] = list[2 * i + 1]!;
        w++;
      }
      this.postingCount[t] = w;
      if (list.length > 4 * (2 * w + 2)) this.postings[t] = list.slice(0, 2 * w + 2);
    });
    const forward = new Uint32Array(Math.max(4096, this.forwardUsed));
    let used = 0;
    for (let d = 0; d < this.docCount; d++) {
      const to = remap[d]!;
      if (to < 0) continue;
      const start = this.docForward[d]!;
      const n = this.docTerms[d]!;
      forward.set(this.forward.subarray(start, start + n), used);
      this.docServer[to] = this.docServer[d]!;
      this.docKind[to] = this.docKind[d]!;
      this.docAlive[to] = 1;
      this.docHash[to] = this.docHash[d]!;
      this.docTwin[to] = this.docTwin[d]!;
      this.docTwinStamp[to] = 0;
      this.docTool[to] = this.docTool[d]!;
      this.docForward[to] = used;
      this.docTerms[to] = n;
      this.docLength.copyWithin(to * F, d * F, d * F + F);
      this.docNorm.copyWithin(to * F, d * F, d * F + F);
      used += n;
    }
    this.forward = forward;
    this.forwardUsed = used;
    this.docAlive.fill(0, next, this.docCount);
    this.docTool.length = next;
    this.docCount = next;
    this.serverDocs = this.serverDocs.map((docs) => docs.map((d) => remap[d]!));
  }
}

/** FNV-1a over a document's field texts: equal texts, equal digests. */
function digest(fields: FieldTexts): number {
  let h = 0x811c9dc5;
  for (const field of FIELDS) {
    const text = fields[field];
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x1f, 0x01000193);
  }
  return h >>> 0;
}

type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array;

function resize<T extends TypedArray>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array.subarray(0, Math.min(array.length, length)));
  return next;
}

function grow<T extends TypedArray>(array: T, atLeast: number): T {
  return resize(array, Math.max(atLeast, array.length * 2));
}
