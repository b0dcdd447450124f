import {
  CATEGORY_IDS,
  CONNECTION_CLASSES,
  QUALITY_LABELS,
  QualityBodySchema,
  TRUST_FLAGS,
} from "@catalog/contracts";
import { ReportRepository } from "@catalog/db";
import type { Harness } from "@catalog/testing";
import { distributionProblems, formatDistribution } from "../../services/catalog/src/report/distribution.js";
import { TRUST_DAY, trustHarness } from "../support/catalog.js";
import { startGateway, type Gateway } from "../support/read-api.js";

type Row = {
  name: string;
  connection_class: string;
  trust_score: number;
  trust_flags: string[];
  trust_evidence: {
    base: number;
    signals: { flag: string; weight: number }[];
    flags: Record<string, unknown>;
  };
  categories: string[];
  quality_label: string;
  quality_score: number | null;
  owner: { verified: boolean; method: string | null };
};

let h: Harness;
let api: Gateway;
let rows: Row[];

beforeAll(async () => {
  // The snapshot mirrored with categories by the same local model the search service uses, its
  // tool lists imported and classified by it too, and the daily quality pass run (trustHarness).
  h = await trustHarness();
  rows = (
    await h.db.pool.query<Row>(`SELECT name, connection_class::text, trust_score, trust_flags, trust_evidence,
      categories, quality_label, quality_score, owner FROM servers ORDER BY name`)
  ).rows;
  api = await startGateway(h);
}, 900_000); // the template is built once per change of the code that writes it: minutes

afterAll(async () => {
  await api?.close();
  await h?.close();
});

describe("trust, quality, categories and owner over the real 2025-12-18 snapshot", () => {
  it("gives every server a class, a trust score with evidence, 1..3 categories and a quality label", () => {
    expect(rows).toHaveLength(1108);
    const problems: string[] = [];
    for (const r of rows) {
      if (!(CONNECTION_CLASSES as readonly string[]).includes(r.connection_class))
        problems.push(`${r.name}: class`);
      if (!(r.trust_score >= 0 && r.trust_score <= 100)) problems.push(`${r.name}: trust ${r.trust_score}`);
      if (
        !r.trust_flags.every(
          (f) => (TRUST_FLAGS as readonly string[]).includes(f) && f in r.trust_evidence.flags,
        )
      )
        problems.push(`${r.name}: flags without evidence`);
      const sum = r.trust_evidence.base + r.trust_evidence.signals.reduce((s, x) => s + x.weight, 0);
      if (Math.min(100, Math.max(0, sum)) !== r.trust_score)
        problems.push(`${r.name}: score is not its signals`);
      if (r.categories.length < 1 || r.categories.length > 3)
        problems.push(`${r.name}: ${r.categories.length} categories`);
      if (!r.categories.every((c) => (CATEGORY_IDS as readonly string[]).includes(c)))
        problems.push(`${r.name}: category`);
      if (!(QUALITY_LABELS as readonly string[]).includes(r.quality_label))
        problems.push(`${r.name}: quality label`);
    }
    expect(problems).toEqual([]);
  });

  it("verifies owners from the evidence, and rates quality where there is evidence", () => {
    const verified = rows.filter((r) => r.owner.verified);
    expect(verified.length).toBeGreaterThan(100);
    expect(new Set(verified.map((r) => r.owner.method))).toEqual(
      new Set(["remote_host", "repository_owner"]),
    );
    expect(verified.every((r) => r.trust_flags.includes("owner_verified"))).toBe(true);
    // Without probes (offline) quality is rated from tool lists; a listing with nothing to judge is unrated.
    const withTools = rows.filter((r) => r.quality_score !== null);
    expect(withTools.length).toBeGreaterThan(100);
    expect(rows.filter((r) => r.quality_label === "unrated").every((r) => r.quality_score === null)).toBe(
      true,
    );
  });

  it("prints a distribution that makes sense", async () => {
    const distribution = await new ReportRepository(h.db.prisma).distribution();
    const text = formatDistribution(distribution);
    console.log(text);
    expect(distributionProblems(distribution)).toEqual([]);
    expect(Object.keys(distribution.trust).length).toBeGreaterThan(3);
  });

  // That a second run the same day changes nothing is daily-scores.service.test.ts's (one server).
  it("writes one quality score per server per UTC day", async () => {
    const scores = await h.db.pool.query(`SELECT server_name FROM quality_scores WHERE day = $1`, [
      TRUST_DAY,
    ]);
    expect(new Set(scores.rows.map((r: { server_name: string }) => r.server_name)).size).toBe(1108);
    expect(scores.rowCount).toBe(1108);

    const rated = rows.find((r) => r.quality_score !== null)!;
    const res = await api.get(`/v1/servers/${rated.name}/quality?days=400`);
    const body = QualityBodySchema.parse(res.body);
    expect(body.history).toEqual([
      { day: TRUST_DAY, score: rated.quality_score, label: rated.quality_label },
    ]);
    expect(body).toMatchObject({ score: rated.quality_score, label: rated.quality_label, blocked: false });
  });
});
