import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { redisKeys } from "@catalog/queue";

/**
 * Tells every search replica that a server's documents changed, so each refreshes what it holds
 * in memory (facts, and vectors when the index is in-process). Redis pub/sub: a replica that
 * misses a message catches up at its next full reload.
 */
export class ChangeFeed {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly origin = randomUUID();

  constructor(redisUrl: string, prefix: string) {
    this.channel = redisKeys(prefix).searchChanged;
    this.publisher = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
    for (const r of [this.publisher, this.subscriber]) r.on("error", () => undefined);
  }

  /** Calls `handler` for changes announced by other replicas. */
  async subscribe(handler: (serverName: string) => void): Promise<void> {
    this.subscriber.on("message", (_channel: string, message: string) => {
      const { origin, server } = JSON.parse(message) as { origin: string; server: string };
      if (origin !== this.origin) handler(server);
    });
    await this.subscriber.subscribe(this.channel);
  }

  async publish(serverNames: readonly string[]): Promise<void> {
    await Promise.all(
      serverNames.map((server) =>
        this.publisher.publish(this.channel, JSON.stringify({ origin: this.origin, server })),
      ),
    );
  }

  async close(): Promise<void> {
    await Promise.all([this.publisher, this.subscriber].map((r) => r.quit().catch(() => r.disconnect())));
  }
}
