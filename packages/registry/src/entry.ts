import { z } from "zod";
import { canonicalHash } from "./canonical-json.js";
import { OFFICIAL_META_KEY, OfficialMetaSchema, type OfficialMeta } from "./official-meta.js";
import { ServerJsonSchema } from "./server-json.js";

/** One version as the registry API lists it: `{server, _meta}`. */
export const RegistryEntrySchema = z.object({
  server: ServerJsonSchema,
  _meta: z.looseObject({ [OFFICIAL_META_KEY]: OfficialMetaSchema }),
});
export type RegistryEntry = z.infer<typeof RegistryEntrySchema>;

export function officialMeta(entry: RegistryEntry): OfficialMeta {
  return entry._meta[OFFICIAL_META_KEY];
}

/**
 * Identity of an entry's content: the hash of the server.json and the official meta exactly
 * as upstream sent them. Equal hashes mean nothing to hand over to the catalog.
 */
export function entryHash(server: unknown, official: unknown): string {
  return canonicalHash({ server, official });
}

/**
 * Reads a registry snapshot: a JSON array of entries (the files in shared/data, which start with
 * a byte-order mark) or a list response `{servers: [...]}`.
 */
export function parseRegistryDocument(text: string): { entries: RegistryEntry[]; invalid: string[] } {
  const data: unknown = JSON.parse(text.replace(/^\uFEFF/, ""));
  const items = Array.isArray(data) ? data : (data as { servers?: unknown[] } | null)?.servers;
  if (!Array.isArray(items))
    throw new Error("not a registry document: expected an array or {servers: [...]}");
  return parseRegistryEntries(items);
}

/** Validates entries; invalid ones are reported with their position, never dropped silently. */
export function parseRegistryEntries(items: readonly unknown[]): {
  entries: RegistryEntry[];
  invalid: string[];
} {
  const entries: RegistryEntry[] = [];
  const invalid: string[] = [];
  items.forEach((item, index) => {
    const parsed = RegistryEntrySchema.safeParse(item);
    if (parsed.success) entries.push(rawEntry(item as RegistryEntry, parsed.data));
    else
      invalid.push(`#${index}: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`);
  });
  return { entries, invalid };
}

/**
 * zod fills defaults into what it returns; the catalog keeps the original objects (lossless)
 * and only uses the parsed copy to know they are valid.
 */
function rawEntry(raw: RegistryEntry, parsed: RegistryEntry): RegistryEntry {
  return {
    server: raw.server,
    _meta: { ...raw._meta, [OFFICIAL_META_KEY]: parsed._meta[OFFICIAL_META_KEY] },
  };
}
