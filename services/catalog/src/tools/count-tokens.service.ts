import { toolTokens } from "@catalog/context-cost";
import type { Tx, ToolsRepository } from "@catalog/db";

/** Tools counted per round trip: a batch is one read and two updates. */
const BATCH = 500;

/**
 * Counts what the tools written before tokens were counted (by an earlier release, or one still
 * running during a rolling deploy) cost in a model's context; new observations count their own.
 */
export class CountTokensService {
  constructor(
    private readonly db: Tx,
    private readonly tools: ToolsRepository,
    /** Told of the servers whose totals a batch completed (their read caches drop them). */
    private readonly counted: (servers: string[]) => Promise<void>,
  ) {}

  /** Counts every uncounted tool; returns how many. */
  async countAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.tools.uncounted(this.db, BATCH);
      if (batch.length === 0) return total;
      const servers = await this.tools.setTokens(
        this.db,
        batch.map((t) => ({
          serverName: t.serverName,
          name: t.name,
          definitionHash: t.definitionHash,
          tokens: toolTokens(t),
        })),
      );
      await this.counted(servers);
      total += batch.length;
      if (batch.length < BATCH) return total;
    }
  }
}
