/** The gateway's view of the search service (internal HTTP). */
export class SearchClient {
  private modeCache: { value: "hybrid" | "keyword"; at: number } | undefined;

  constructor(private readonly baseUrl: string) {}

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
}
