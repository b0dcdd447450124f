import { createHarness, type Harness } from "@catalog/testing";
import { ReportRepository } from "./report.repository.js";

describe("ReportRepository", () => {
  let h: Harness;
  afterEach(() => h.close());

  it("counts classes, trust bands, categories, quality, flags and verified owners over servers not deleted", async () => {
    h = await createHarness();
    const at = new Date("2026-01-01T00:00:00Z");
    const server = (name: string, data: Record<string, unknown>) =>
      h.db.prisma.server.create({
        data: { name, namespace: "com.example", firstPublishedAt: at, updatedAt: at, ...data },
      });
    await server("com.example/a", {
      connectionClass: "R0",
      trustScore: 100,
      categories: ["search", "web"],
      qualityLabel: "good",
      trustFlags: ["no_repository", "listing_behind_package"],
      owner: { verified: true, method: "dns", evidence: null, verified_at: null },
    });
    await server("com.example/b", { connectionClass: "L0", trustScore: 5, categories: ["search"] });
    await server("com.example/gone", { status: "deleted", connectionClass: "R0", categories: ["web"] });

    // a's package is behind; b's was never listed by deps.dev; gone's does not count.
    const report = (serverName: string, newestVersion: string | null, behind: string | null) =>
      h.db.prisma.dependencyReport.create({
        data: { serverName, ecosystem: "npm", packageName: "p", version: "1.0.0", newestVersion, behind },
      });
    await report("com.example/a", "2.0.0", "major");
    await report("com.example/b", null, null);
    await report("com.example/gone", "2.0.0", "major");

    const d = await new ReportRepository(h.db.prisma).distribution();
    expect(d).toEqual({
      servers: 2,
      classes: { L0: 1, R0: 1 },
      trust: { "00": 1, "90": 1 },
      categories: { search: 2, web: 1 },
      categoryCounts: { "1": 1, "2": 1 },
      quality: { good: 1, unrated: 1 },
      flags: { listing_behind_package: 1, no_repository: 1 },
      ownerVerified: 1,
      packaged: { listings: 2, read: 1, behind: 1 },
    });
  });
});
