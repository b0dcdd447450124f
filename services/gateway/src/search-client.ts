import { SearchAnswerSchema, type SearchAnswer, type SearchRequest } from "@catalog/contracts";

/** The search service did not answer (down, timed out, or answered with an error). */
export class SearchUnavailableError extends Error {}

/** The gateway's view of the search service (internal HTTP). */
export class SearchClient {
  private modeCache: { value: "hybrid" | "keyword"; at: number } | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 5000,
  ) {}

  /** hybrid when the search service has an embedding model loaded; keyword otherwise or when unreachable. */
  async mode(): Promise<"hybrid" | "keyword"> {
    if (this.modeCache && Date.now() - this.modeCache.at < 5000) return this.modeCache.value;
    let value: "hybrid" | "keyword" = "keyword";
    try {
      const res = await fetch(new URL("/internal/mode", this.baseUrl), { signal: AbortSignal.timeout(1000) });
      if (res.ok) value = ((await res.json()) as { mode?: string }).mode === "hybrid" ? "hybrid" : "keyword";
    } catch {
      value = "keyword";
    }
    this.modeCache = { value, at: Date.now() };
    return value;
  }

  async search(request: SearchRequest): Promise<SearchAnswer> {
    let res: Response;
    try {
      res = await fetch(new URL("/internal/search", this.baseUrl), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new SearchUnavailableError(`search service unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new SearchUnavailableError(`search service answered ${res.status}`);
    return SearchAnswerSchema.parse(await res.json());
  }
}
