import { RedisConnection } from "bullmq";

/**
 * BullMQ's connection wrapper, minus one shutdown race: closing a queue removes every listener
 * of its connection, yet the connection's start-up (a version check sent once Redis is ready)
 * may still fail afterwards, when the client is quit, and emit "error" with nobody listening,
 * an unhandled rejection that ends the process. An error with no listener left is dropped here:
 * it can only belong to a connection already closed.
 */
export class ClosableConnection extends RedisConnection {
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === "error" && this.listenerCount("error") === 0) return false;
    return super.emit(event, ...args);
  }
}
