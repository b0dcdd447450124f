import { createHarness, type Harness } from "@catalog/testing";
import { QualityHistoryRepository } from "./quality-history.repository.js";

describe("QualityHistoryRepository", () => {
  let h: Harness;
  const repo = new QualityHistoryRepository();
  beforeEach(async () => {
    h = await createHarness();
    const at = new Date("2026-01-01T00:00:00Z");
    await h.db.prisma.server.create({
      data: { name: "com.example/a", namespace: "com.example", firstPublishedAt: at, updatedAt: at },
    });
  });
  afterEach(() => h.close());

  it("records one score per server per day: the first of the day stays", async () => {
    const record = (day: string, score: number | null, label: string) =>
      h.db.prisma.$transaction((tx) => repo.record(tx, "com.example/a", day, score, label));
    expect(await record("2026-01-01", 80, "good")).toBe(true);
    expect(await record("2026-01-01", 20, "poor")).toBe(false);
    expect(await record("2026-01-02", null, "unrated")).toBe(true);
    const rows = await h.db.prisma.qualityScore.findMany({ orderBy: { day: "asc" } });
    expect(rows.map((r) => [r.day.toISOString().slice(0, 10), r.score, r.label])).toEqual([
      ["2026-01-01", 80, "good"],
      ["2026-01-02", null, "unrated"],
    ]);
  });
});
