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
});
