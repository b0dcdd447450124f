import type { LexicalRow, SearchRepository } from "@catalog/db";
import { TrainedEncoder, trainEncoder, type TextPair } from "@catalog/lexical";
import { LexicalSync } from "./lexical-sync.js";

const row = (serverName: string, toolName: string | null, title: string, body: string): LexicalRow => ({
  id: toolName === null ? `s:${serverName}` : `t:${serverName}#${toolName}`,
  serverName,
  toolName,
  title,
  body,
  params: "",
  contentHash: "00000000",
});

/** Stored documents, in (server, id) order as PostgreSQL pages them. */
let stored: LexicalRow[] = [];
const repo = {
  lexicalPage: async (after: { serverName: string; id: string } | undefined, limit: number) =>
    stored
      .filter(
        (r) =>
          !after || r.serverName > after.serverName || (r.serverName === after.serverName && r.id > after.id),
      )
      .slice(0, limit),
  lexicalRows: async (names: readonly string[]) => stored.filter((r) => names.includes(r.serverName)),
} as unknown as SearchRepository;

const pairs: TextPair[] = Array.from({ length: 8 }, (_, i): TextPair[] => [
  [`Stock market prices l${i}s`, `ticker quote r${i}s`],
  [`Weather for travellers l${i}w`, `forecast rain r${i}w`],
]).flat();
const encoder = new TrainedEncoder(
  trainEncoder(pairs, {
    dimensions: 8,
    minCount: 2,
    bigrams: false,
    trigramWeight: 0,
    maxTerms: 64,
    epochs: 20,
    batch: 8,
    temperature: 0.05,
    learningRate: 0.05,
    seed: 1,
  }),
);

test("with a trained encoder, the documents' vectors follow the documents: loaded, replaced, removed", async () => {
  stored = [
    row("io.x/stocks", null, "stocks", "Stock market prices"),
    row("io.x/stocks", "quote", "quote", "ticker quote"),
    row("io.x/weather", null, "weather", "Weather for travellers"),
    row("io.x/weather", "forecast", "forecast", "forecast rain"),
  ];
  const sync = new LexicalSync(repo, undefined, { encoder, exactMax: 1000 });
  await sync.loadAll();
  const index = sync.trained!.index;
  expect(await index.count("server")).toBe(2);
  expect(await index.count("tool")).toBe(2);
  const [best] = await index.search({ kind: "tool", vector: encoder.embed("market prices"), k: 1 });
  expect(best!.toolName).toBe("quote");

  stored = stored.filter((r) => r.toolName !== "forecast");
  await sync.reload(["io.x/weather"]);
  expect(await index.count("tool")).toBe(1);
  stored = stored.filter((r) => r.serverName !== "io.x/stocks");
  await sync.reload(["io.x/stocks"]);
  expect(await index.count("server")).toBe(1);
  expect(await index.count("tool")).toBe(0);
});

test("without one, none are kept", async () => {
  expect(new LexicalSync(repo).trained).toBeUndefined();
});
