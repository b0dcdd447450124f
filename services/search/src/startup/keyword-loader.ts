import type { Logger } from "@catalog/observability";
import type { LexicalSync } from "../indexing/lexical-sync.js";

/** Delay before reading the keyword index again after PostgreSQL failed during its load. */
const RETRY_MS = 5_000;

/**
 * Loads the keyword index from PostgreSQL while the service already answers health checks,
 * retrying until it is read or the service stops; `ready` says whether keyword search answers.
 */
export class KeywordLoader {
  ready = false;
  private stopped = false;
  readonly loaded: Promise<void>;

  constructor(
    private readonly lexical: LexicalSync,
    private readonly log: Logger,
    /** Told once the index is read (answers computed before it are stale). */
    private readonly onReady: () => void,
  ) {
    this.loaded = this.load();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loaded;
  }

  private async load(): Promise<void> {
    while (!this.stopped) {
      const started = Date.now();
      try {
        const read = await this.lexical.loadAll();
        this.ready = true;
        this.onReady();
        this.log.info(
          { read, ...this.lexical.index.stats(), ms: Date.now() - started },
          "keyword index loaded",
        );
        return;
      } catch (err) {
        this.log.error({ err: (err as Error).message }, "keyword index load failed; retrying");
        await new Promise((r) => setTimeout(r, RETRY_MS).unref());
      }
    }
  }
}
