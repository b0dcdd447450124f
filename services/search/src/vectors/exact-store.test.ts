import { ExactStore } from "./exact-store.js";
import type { VectorPoint } from "./vector-index.js";

/** A deterministic unit vector per seed. */
function unit(seed: number, d: number): Float32Array {
  let x = seed * 2654435761;
  const v = Float32Array.from({ length: d }, () => {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    return ((x >>> 8) & 0xffff) / 0xffff - 0.5;
  });
  const norm = Math.hypot(...v);
  return v.map((c) => c / norm);
}

const point = (i: number, d: number, seed = i): VectorPoint => ({
  id: `t:${i}`,
  serverName: `server-${i % 7}`,
  kind: "tool",
  toolName: `tool-${i}`,
  vector: unit(seed, d),
});

describe("ExactStore", () => {
  const d = 32;

  // Past the native scan's first segment (1,024 rows), with updates and removals in between, and
  // new rows after the removals (they take the rows freed in the first segment).
  function filled(useNative: boolean): ExactStore {
    const store = new ExactStore(d, useNative);
    for (let i = 0; i < 1500; i++) store.upsert(point(i, d));
    for (let i = 0; i < 1500; i += 5) store.remove(`t:${i}`);
    for (let i = 1; i < 1500; i += 9) store.upsert(point(i, d, i + 10_000));
    for (let i = 1500; i < 3600; i++) store.upsert(point(i, d));
    return store;
  }

  it("finds in its native scan exactly what the JavaScript scan finds", () => {
    const native = filled(true);
    const js = filled(false);
    expect(native.size).toBe(js.size);
    for (let q = 0; q < 20; q++) {
      const query = unit(50_000 + q, d);
      const a = native.search(query, 25);
      const b = js.search(query, 25);
      expect(a.map((h) => h.id)).toEqual(b.map((h) => h.id));
      a.forEach((h, i) => expect(h.score).toBeCloseTo(b[i]!.score, 5));
      const allow = new Set(["server-2", "server-5"]);
      expect(native.search(query, 25, allow).map((h) => h.id)).toEqual(
        js.search(query, 25, allow).map((h) => h.id),
      );
    }
  });

  it("finds every allowed vector when a few servers are allowed, whatever their rows' order", () => {
    // hnswlib's filtered brute-force search skips an allowed row farther than the worst of the
    // rows it holds while it holds fewer than k: with the nearest allowed row first, it finds
    // only that one. The exact store must find the others too.
    for (const useNative of [true, false]) {
      const store = new ExactStore(d, useNative);
      const query = unit(1, d);
      store.upsert({ ...point(0, d), serverName: "near", vector: query });
      for (let i = 1; i < 200; i++) store.upsert({ ...point(i, d), serverName: "other" });
      for (let i = 200; i < 203; i++) store.upsert({ ...point(i, d), serverName: "far" });
      const found = store.search(query, 10, new Set(["near", "far"])).map((h) => h.serverName);
      expect([useNative, found]).toEqual([useNative, ["near", "far", "far", "far"]]);
    }
  });

  it("finds among named vectors what a scan filtered to their servers finds, ignoring unknown ids", () => {
    const store = filled(false);
    const allow = new Set(["server-2", "server-5"]);
    const ids = Array.from({ length: 3600 }, (_, i) => `t:${i}`).filter((id) =>
      allow.has(`server-${Number(id.slice(2)) % 7}`),
    );
    for (let q = 0; q < 10; q++) {
      const query = unit(70_000 + q, d);
      expect(store.searchIds(query, 25, [...ids, "t:missing"])).toEqual(store.search(query, 25, allow));
    }
  });

  it("never finds a removed vector, nor the old vector of a replaced one", () => {
    const store = filled(true);
    expect(store.search(unit(0, d), 5).map((h) => h.id)).not.toContain("t:0");
    const replaced = store.search(unit(1, d), 1)[0];
    expect(replaced?.id === "t:1" && replaced.score > 0.999).toBe(false);
    expect(store.search(unit(1 + 10_000, d), 1)[0]).toMatchObject({ id: "t:1", toolName: "tool-1" });
  });

  it("answers nothing when empty, and at most what it holds", () => {
    const store = new ExactStore(d);
    expect(store.search(unit(1, d), 10)).toEqual([]);
    store.upsert(point(1, d));
    expect(store.search(unit(1, d), 10)).toHaveLength(1);
  });
});
