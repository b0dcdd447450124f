import { QueryCache } from "./query-cache.js";

describe("QueryCache", () => {
  it("derives once per query, whatever its case and spacing", async () => {
    const cache = new QueryCache<string>();
    const keys: string[] = [];
    const derive = async (key: string) => (keys.push(key), key.toUpperCase());
    expect(await cache.get("  Send a  Message ", derive)).toBe("SEND A MESSAGE");
    expect(await cache.get("send a message", derive)).toBe("SEND A MESSAGE");
    expect(keys).toEqual(["send a message"]);
  });

  it("forgets the least recently used query beyond its capacity", async () => {
    const cache = new QueryCache<number>(2);
    let calls = 0;
    const derive = async () => ++calls;
    await cache.get("a", derive);
    await cache.get("b", derive);
    await cache.get("a", derive); // a is now the most recent
    await cache.get("c", derive); // evicts b
    expect(await cache.get("a", derive)).toBe(1);
    expect(await cache.get("b", derive)).toBe(4);
  });

  it("forgets a failed derivation", async () => {
    const cache = new QueryCache<number>();
    await expect(cache.get("q", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await new Promise((r) => setImmediate(r));
    expect(await cache.get("q", async () => 7)).toBe(7);
  });

  it("keeps scopes apart", async () => {
    const cache = new QueryCache<string>();
    expect(await cache.get("q", async () => "keyword", "keyword")).toBe("keyword");
    expect(await cache.get("q", async () => "hybrid", "hybrid")).toBe("hybrid");
    expect(await cache.get("q", async () => "again", "keyword")).toBe("keyword");
  });

  it("derives anew after clear, and does not keep what was under way", async () => {
    const cache = new QueryCache<number>();
    let release!: (n: number) => void;
    const stale = cache.get("q", () => new Promise<number>((r) => (release = r)));
    cache.clear();
    release(1);
    expect(await stale).toBe(1);
    expect(await cache.get("q", async () => 2)).toBe(2);
    expect(await cache.get("q", async () => 3)).toBe(2);
  });

  it("keeps nothing with a capacity of 0", async () => {
    const cache = new QueryCache<number>(0);
    let calls = 0;
    await cache.get("q", async () => ++calls);
    expect(await cache.get("q", async () => ++calls)).toBe(2);
  });
});
