import { ReadCache } from "./read-cache.js";

const etag = (text: string) => `W/"${text.length}"`;
const listening = (maxBytes = 1_000_000) => {
  const cache = new ReadCache({ maxBytes, ttlMs: 60_000, etag });
  cache.reset(true);
  return cache;
};

describe("ReadCache", () => {
  it("keeps a body with its ETag and serves it until a change touches its server", () => {
    const cache = listening();
    expect(cache.keep(cache.ticket(), "d:a.b/x", "a.b/x", '{"x":1}')).toEqual({
      etag: 'W/"7"',
      bytes: Buffer.from('{"x":1}'),
    });
    cache.keep(cache.ticket(), "d:a.b/y", "a.b/y", "{}");
    expect(cache.get("d:a.b/x")?.bytes.toString()).toBe('{"x":1}');
    cache.changed("a.b/x");
    expect(cache.get("d:a.b/x")).toBeUndefined();
    expect(cache.get("d:a.b/y")?.bytes.toString()).toBe("{}");
  });

  it("drops list pages on any change, a namespace on its pattern, everything on *", () => {
    const cache = listening();
    const keep = (key: string, server: string | null) => cache.keep(cache.ticket(), key, server, "{}");
    keep("list:1", null);
    keep("d:a.b/x", "a.b/x");
    keep("d:a.bc/x", "a.bc/x");
    keep("d:c.d/z", "c.d/z");
    cache.changed("c.d/other");
    expect([cache.get("list:1"), cache.get("d:a.b/x")?.bytes.toString()]).toEqual([undefined, "{}"]);
    cache.changed("a.b/*");
    expect([cache.get("d:a.b/x"), cache.get("d:a.bc/x")?.bytes.toString()]).toEqual([undefined, "{}"]);
    cache.changed("*");
    expect(cache.stats.entries).toBe(0);
  });

  it("does not keep a read that began before a change", () => {
    const cache = listening();
    const ticket = cache.ticket();
    cache.changed("a.b/x");
    cache.keep(ticket, "d:a.b/x", "a.b/x", "{}");
    expect(cache.get("d:a.b/x")).toBeUndefined();
  });

  it("serves and keeps nothing while changes cannot be heard, and forgets on losing them", () => {
    const cache = new ReadCache({ maxBytes: 1_000_000, ttlMs: 60_000, etag });
    cache.keep(cache.ticket(), "k", "a.b/x", "{}");
    expect(cache.get("k")).toBeUndefined();
    cache.reset(true);
    cache.keep(cache.ticket(), "k", "a.b/x", "{}");
    cache.reset(false);
    expect(cache.get("k")).toBeUndefined();
    cache.reset(true);
    expect(cache.get("k")).toBeUndefined();
  });

  it("holds to its byte budget, dropping the least recently used", () => {
    const cache = listening(10_000);
    for (let i = 0; i < 100; i++) cache.keep(cache.ticket(), `k${i}`, `a.b/s${i}`, "x".repeat(500));
    expect(cache.stats.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get("k99")?.bytes).toHaveLength(500);
    expect(cache.get("k0")).toBeUndefined();
    // Evicted entries leave the index too: a change of an evicted server finds nothing to drop.
    cache.changed("a.b/s0");
    expect(cache.get("k99")).toBeDefined();
  });
});
