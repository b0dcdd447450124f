import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { OFFICIAL_META_KEY } from "@catalog/registry";
import {
  FallbackRegistrySource,
  FileRegistrySource,
  RegistryUnreachableError,
  splitEntries,
  type RegistryPage,
  type RegistrySource,
} from "./registry-source.js";

const entry = (name: string, version = "1.0.0") => ({
  server: { name, description: "d", version },
  _meta: {
    [OFFICIAL_META_KEY]: {
      status: "active",
      publishedAt: "2025-11-01T10:00:00Z",
      updatedAt: "2025-11-01T10:00:00Z",
      isLatest: true,
    },
  },
});

describe("splitEntries", () => {
  it("keeps the valid entries and reports each invalid one by name and version", () => {
    const { entries, invalid } = splitEntries([
      entry("io.github.a/x"),
      { server: { name: "io.github.b/y", version: "2" } },
      42,
    ]);
    expect(entries.map((e) => e.server.name)).toEqual(["io.github.a/x"]);
    expect(invalid).toEqual([
      { name: "io.github.b/y", version: "2", problem: expect.any(String) },
      { problem: expect.any(String) },
    ]);
  });
});

describe("FileRegistrySource", () => {
  let dir: string;
  beforeEach(() => void (dir = mkdtempSync(path.join(tmpdir(), "registry-source-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("pages a {servers} document (byte-order mark and all) like the API, invalid entries on the first page", async () => {
    const file = path.join(dir, "snapshot.json");
    const servers = [entry("io.github.a/x"), entry("io.github.b/y"), entry("io.github.c/z"), { server: {} }];
    writeFileSync(file, `\uFEFF${JSON.stringify({ servers })}`);
    const source = new FileRegistrySource(file);
    const first = await source.list({ limit: 2 });
    expect(first.entries.map((e) => e.server.name)).toEqual(["io.github.a/x", "io.github.b/y"]);
    expect(first.invalid).toHaveLength(1);
    const second = await source.list({ limit: 2, cursor: first.nextCursor });
    expect(second.entries.map((e) => e.server.name)).toEqual(["io.github.c/z"]);
    expect(second.invalid ?? []).toEqual([]);
  });

  it("refuses a file that is not a registry document", async () => {
    const file = path.join(dir, "other.json");
    writeFileSync(file, JSON.stringify({ items: [] }));
    await expect(new FileRegistrySource(file).list({ limit: 10 })).rejects.toThrow(/not a registry document/);
  });
});

describe("FallbackRegistrySource", () => {
  const page = (name: string): RegistryPage => ({ entries: [entry(name)] as never, nextCursor: undefined });
  const source = (list: RegistrySource["list"]): RegistrySource => ({ description: "s", list });

  it("turns to the snapshot when the registry is unreachable, and tries the registry again at the next run", async () => {
    let up = false;
    const told: string[] = [];
    const live = source(async () => {
      if (!up) throw new RegistryUnreachableError("connect ECONNREFUSED");
      return page("io.github.live/x");
    });
    const fallback = new FallbackRegistrySource(
      live,
      source(async () => page("io.github.file/x")),
      (e) => told.push(e.message),
    );
    expect((await fallback.list({ limit: 1 })).entries[0]?.server.name).toBe("io.github.file/x");
    up = true;
    expect((await fallback.list({ limit: 1 })).entries[0]?.server.name).toBe("io.github.file/x");
    fallback.reset();
    expect((await fallback.list({ limit: 1 })).entries[0]?.server.name).toBe("io.github.live/x");
    expect(told).toEqual(["connect ECONNREFUSED"]);
  });

  it("does not hide other failures behind the snapshot", async () => {
    const broken = source(async () => {
      throw new Error("422 from the registry");
    });
    const fallback = new FallbackRegistrySource(
      broken,
      source(async () => page("io.github.file/x")),
      () => {},
    );
    await expect(fallback.list({ limit: 1 })).rejects.toThrow("422 from the registry");
  });
});
