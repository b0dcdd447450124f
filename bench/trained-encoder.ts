/**
 * An encoder trained here otherwise than the shipped one (packages/lexical/src/encoder.ts, issue
 * 46), for search-quality.ts: trained on the catalog's tool lists (never the labelled sets), its
 * vectors of every stored document in an in-process index, as the search service keeps the
 * shipped encoder's (indexing/lexical-sync.ts). What it costs: training time, ms per query.
 */
import type { Database, DocumentKind } from "@catalog/db";
import { catalogPairs, TrainedEncoder, trainEncoder, type EncoderOptions } from "@catalog/lexical";
import { sharedToolServers } from "@catalog/testing";
import { embedText } from "../services/search/src/indexing/documents.js";
import { trainedText } from "../services/search/src/indexing/lexical-sync.js";
import { quantize } from "../services/search/src/query/encoder-file.js";
import type { TrainedMeaning } from "../services/search/src/query/search.engine.js";
import { MemoryVectorIndex } from "../services/search/src/vectors/memory.index.js";
import type { VectorPoint } from "../services/search/src/vectors/vector-index.js";

export type TrainedSemantic = { trained: TrainedMeaning; trainSeconds: number; features: number };

type DocumentRow = {
  id: string;
  serverName: string;
  kind: DocumentKind;
  toolName: string | null;
  title: string;
  body: string;
  identifiers: string;
};

/**
 * An encoder to train: its options, whether it is measured as the shipped file gives it back
 * (8-bit, the default), and which text of a document it embeds: the shipped title and
 * description (default) or USE-lite's (title, description, parameter names).
 */
export type TrainedSpec = { options: EncoderOptions; quantized?: boolean; text?: "embedded" | "lexical" };

export async function trainedSemantic(db: Database, spec: TrainedSpec): Promise<TrainedSemantic> {
  const started = performance.now();
  const trained = trainEncoder([...catalogPairs(sharedToolServers())].flat(), spec.options);
  const trainSeconds = (performance.now() - started) / 1000;
  const model = spec.quantized === false ? trained : quantize(trained);
  const encoder = new TrainedEncoder(model);
  const { rows } = await db.pool.query<DocumentRow>(
    `SELECT id, server_name AS "serverName", kind, tool_name AS "toolName", title, body, identifiers
     FROM search_documents ORDER BY id`,
  );
  const index = new MemoryVectorIndex(model.dimensions, { exactMax: Number.MAX_SAFE_INTEGER });
  const points: VectorPoint[] = rows.map((r) => ({
    id: r.id,
    serverName: r.serverName,
    kind: r.kind,
    toolName: r.toolName,
    vector: encoder.embed(spec.text === "embedded" ? embedText(r) : trainedText(r)),
  }));
  await index.upsert(points);
  index.loaded?.();
  return { trained: { encoder, index }, trainSeconds, features: model.features.length };
}

/** Mean milliseconds to embed one text: five passes over the texts after three to warm up. */
export function msPerText(encoder: TrainedEncoder, texts: readonly string[]): number {
  for (let pass = 0; pass < 3; pass++) for (const t of texts) encoder.embed(t);
  const started = performance.now();
  for (let pass = 0; pass < 5; pass++) for (const t of texts) encoder.embed(t);
  return (performance.now() - started) / Math.max(1, 5 * texts.length);
}

/** The text of every stored document as the search service gives it to the shipped encoder. */
export async function documentTexts(db: Database): Promise<string[]> {
  const { rows } = await db.pool.query<DocumentRow>("SELECT title, body FROM search_documents ORDER BY id");
  return rows.map(trainedText);
}
