import type { QueueEvents } from "bullmq";

/**
 * Holds requests until their check's job completes: one listener on the events of each queue
 * that runs checks (the prober's for URLs, the introspection queue for packages) for the whole
 * process, and a waiting list per check id.
 */
export class CheckWaiter {
  private readonly waiting = new Map<string, Set<() => void>>();
  private listening = false;

  private readonly events: QueueEvents[];

  constructor(...events: QueueEvents[]) {
    this.events = events;
  }

  /** Resolves when the job completes or after `ms`, whichever comes first. */
  async wait(id: string, ms: number, ready: () => Promise<boolean>): Promise<void> {
    if (!this.listening) {
      this.listening = true;
      for (const queue of this.events) queue.on("completed", ({ jobId }) => this.wake(jobId));
      await Promise.all(this.events.map((queue) => queue.waitUntilReady()));
    }
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const set = this.waiting.get(id) ?? new Set();
    set.add(wake);
    this.waiting.set(id, set);
    let timer: NodeJS.Timeout | undefined;
    try {
      if (await ready()) return; // finished before we started listening
      await Promise.race([woken, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    } finally {
      clearTimeout(timer);
      set.delete(wake);
      if (set.size === 0) this.waiting.delete(id);
    }
  }

  private wake(jobId: string): void {
    for (const wake of this.waiting.get(jobId) ?? []) wake();
  }
}
