import type { ServerFactsRow } from "@catalog/db";
import { FactsCache } from "./facts-cache.js";

function row(name: string, trustScore: number): ServerFactsRow {
  return {
    name,
    title: null,
    description: "",
    connectionClass: "unknown",
    autonomous: false,
    humanSteps: [],
    categories: [],
    trustScore,
    trustFlags: [],
    qualityScore: null,
    qualityLabel: "unrated",
    toolCount: 0,
    toolTokens: null,
    transports: [],
    access: [],
  };
}

/**
 * A table whose reads answer when the test says: each read sees the rows as they were when it
 * began, as a PostgreSQL statement does.
 */
class Table {
  rows = new Map<string, ServerFactsRow>();
  private waiting: (() => void)[] = [];

  serverFacts(names?: readonly string[]): Promise<ServerFactsRow[]> {
    const seen = [...this.rows.values()].filter((r) => !names || names.includes(r.name));
    return new Promise((resolve) => this.waiting.push(() => resolve(seen)));
  }

  /** Lets the newest pending read answer: the order in which an older read's answer lands late. */
  async answer(): Promise<void> {
    this.waiting.pop()!();
    await new Promise((r) => setImmediate(r));
  }
}

describe("FactsCache", () => {
  it("keeps a server's own newer read when an older full reload lands after it", async () => {
    const table = new Table();
    const cache = new FactsCache(table);
    table.rows.set("a", row("a", 10));
    table.rows.set("b", row("b", 10));
    const full = cache.reloadAll(); // reads trust 10
    table.rows.set("a", row("a", 90));
    const one = cache.reload(["a"]); // reads trust 90
    await table.answer();
    await table.answer();
    await Promise.all([full, one]);
    expect(cache.get("a")?.trustScore).toBe(90);
    expect(cache.get("b")?.trustScore).toBe(10);
  });

  it("keeps a removal made after an older full reload began", async () => {
    const table = new Table();
    const cache = new FactsCache(table);
    table.rows.set("a", row("a", 10));
    const full = cache.reloadAll();
    table.rows.delete("a");
    const one = cache.reload(["a"]);
    await table.answer();
    await table.answer();
    await Promise.all([full, one]);
    expect(cache.get("a")).toBeUndefined();
  });

  it("lets a newer full reload replace an older single read that lands after it", async () => {
    const table = new Table();
    const cache = new FactsCache(table);
    table.rows.set("a", row("a", 10));
    const one = cache.reload(["a"]); // reads trust 10
    table.rows.set("a", row("a", 50));
    const full = cache.reloadAll(); // reads trust 50
    await table.answer();
    await table.answer();
    await Promise.all([one, full]);
    expect(cache.get("a")?.trustScore).toBe(50);
  });

  it("drops a full reload older than the one already held", async () => {
    const table = new Table();
    const cache = new FactsCache(table);
    table.rows.set("a", row("a", 10));
    const older = cache.reloadAll();
    table.rows.set("a", row("a", 70));
    const newer = cache.reloadAll();
    table.rows.set("a", row("a", 99)); // not yet read by anyone
    await table.answer();
    await table.answer();
    await Promise.all([older, newer]);
    expect(cache.get("a")?.trustScore).toBe(70);
  });
});
