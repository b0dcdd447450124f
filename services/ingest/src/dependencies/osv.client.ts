import { OsvRecordSchema, type Ecosystem, type OsvRecord } from "@catalog/dependencies";
import { z } from "zod";
import type { JsonClient } from "./json-client.js";

/** OSV accepts up to 1000 queries per querybatch call. */
const BATCH = 1000;

const BatchSchema = z.object({
  results: z.array(
    z.object({
      vulns: z.array(z.object({ id: z.string(), modified: z.string().optional() })).default([]),
      next_page_token: z.string().optional(),
    }),
  ),
});

export type OsvQuery = { ecosystem: Ecosystem; name: string; version: string };

/** The OSV API: which advisories affect package versions (querybatch), and the advisories (vulns). */
export class OsvClient {
  /** Records fetched in this process, by id and modified time: a record is fetched once per change. */
  private readonly records = new Map<string, { modified: string; record: OsvRecord }>();

  constructor(private readonly http: JsonClient) {}

  /** The ids of the advisories affecting each query, in the order of the queries. */
  async affecting(queries: readonly OsvQuery[]): Promise<{ id: string; modified: string }[][]> {
    const out: { id: string; modified: string }[][] = queries.map(() => []);
    for (let start = 0; start < queries.length; start += BATCH) {
      let pending = queries
        .slice(start, start + BATCH)
        .map((q, i) => ({ index: start + i, query: q, token: "" }));
      while (pending.length) {
        const body = {
          queries: pending.map(({ query, token }) => ({
            package: { name: query.name, ecosystem: query.ecosystem.osvEcosystem },
            version: query.version,
            ...(token ? { page_token: token } : {}),
          })),
        };
        const { results } = BatchSchema.parse(await this.http.post("v1/querybatch", body));
        const next: typeof pending = [];
        pending.forEach((p, i) => {
          const result = results[i];
          out[p.index]!.push(...(result?.vulns ?? []).map((v) => ({ id: v.id, modified: v.modified ?? "" })));
          if (result?.next_page_token) next.push({ ...p, token: result.next_page_token });
        });
        pending = next;
      }
    }
    return out;
  }

  /** One advisory; null when OSV no longer has it. */
  async record(id: string, modified: string): Promise<OsvRecord | null> {
    const cached = this.records.get(id);
    if (cached && cached.modified === modified) return cached.record;
    const raw = await this.http.get(`v1/vulns/${encodeURIComponent(id)}`);
    if (raw === null) return null;
    const record = OsvRecordSchema.parse(raw);
    this.records.set(id, { modified, record });
    return record;
  }
}
