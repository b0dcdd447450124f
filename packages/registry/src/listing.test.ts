import { compareText, formatCursor, listEntries, parseCursor } from "./listing.js";
import type { RegistryEntry } from "./entry.js";

function entry(
  name: string,
  version: string,
  meta: Partial<{ status: string; updatedAt: string; isLatest: boolean }> = {},
) {
  return {
    server: { name, version, description: "" },
    _meta: {
      "io.modelcontextprotocol.registry/official": {
        status: meta.status ?? "active",
        publishedAt: "2025-01-01T00:00:00Z",
        updatedAt: meta.updatedAt ?? "2025-01-01T00:00:00Z",
        isLatest: meta.isLatest ?? true,
      },
    },
  } as unknown as RegistryEntry;
}

describe("cursors", () => {
  it("formats and parses name:version, splitting at the first colon", () => {
    expect(formatCursor("io.x/a", "1.0:beta")).toBe("io.x/a:1.0:beta");
    expect(parseCursor("io.x/a:1.0:beta")).toEqual({ name: "io.x/a", version: "1.0:beta" });
  });

  it("takes a cursor without a colon as a name only", () => {
    expect(parseCursor("io.x/a")).toEqual({ name: "io.x/a", version: "" });
  });

  it("compares in byte order, not locale order", () => {
    expect(compareText("B", "a")).toBeLessThan(0);
    expect(compareText("io.x/a-b", "io.x/a.b")).toBeLessThan(0);
  });
});

describe("listEntries", () => {
  const all = [
    entry("io.x/b", "1.0.0"),
    entry("io.x/a", "2.0.0"),
    entry("io.x/a", "10.0.0", { isLatest: false }),
    entry("io.x/c", "1.0.0", { status: "deleted", updatedAt: "2025-06-01T00:00:00Z" }),
    entry("io.y/a_b", "1.0.0", { updatedAt: "2025-03-01T00:00:00Z" }),
  ];

  it("orders by name then version as plain strings and pages by cursor", () => {
    const first = listEntries(all, { limit: 2 });
    expect(first.entries.map((e) => `${e.server.name}@${e.server.version}`)).toEqual([
      "io.x/a@10.0.0",
      "io.x/a@2.0.0",
    ]);
    expect(first.nextCursor).toBe("io.x/a:2.0.0");
    const second = listEntries(all, { limit: 2, cursor: first.nextCursor });
    expect(second.entries.map((e) => e.server.name)).toEqual(["io.x/b", "io.y/a_b"]);
    expect(second.nextCursor).toBeUndefined();
  });

  it("hides deleted versions unless asked, and updated_since shows them", () => {
    expect(listEntries(all, { limit: 10 }).entries).toHaveLength(4);
    expect(listEntries(all, { limit: 10, includeDeleted: true }).entries).toHaveLength(5);
    const since = listEntries(all, { limit: 10, updatedSince: new Date("2025-02-01T00:00:00Z") });
    expect(since.entries.map((e) => e.server.name)).toEqual(["io.x/c", "io.y/a_b"]);
  });

  it("filters by latest, exact version and literal name substring", () => {
    expect(listEntries(all, { limit: 10, version: "latest" }).entries).toHaveLength(3);
    expect(listEntries(all, { limit: 10, version: "10.0.0" }).entries).toHaveLength(1);
    expect(listEntries(all, { limit: 10, search: "A_B" }).entries.map((e) => e.server.name)).toEqual([
      "io.y/a_b",
    ]);
  });
});
