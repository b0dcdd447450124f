import { ecosystemOf } from "@catalog/dependencies";
import type { DependenciesRepository } from "@catalog/db";
import type { JobBus } from "@catalog/queue";
import { z } from "zod";
import type { AdvisoryMatcher } from "./advisory-matcher.js";
import { advisoryWrite } from "./resolve.service.js";

/** Reports matched per OSV pass: their package versions overlap a lot, so one querybatch serves many. */
const PAGE = 200;

const StoredGraphSchema = z.object({
  nodes: z.array(
    z.object({ name: z.string(), version: z.string(), relation: z.enum(["self", "direct", "indirect"]) }),
  ),
});

/**
 * The daily advisory pass: every stored graph is matched against OSV again (advisories are
 * published and amended every day), each report's advisories replaced when they changed, and the
 * catalog asked to re-derive the servers whose advisories changed.
 */
export class MatchAdvisoriesService {
  constructor(
    private readonly repo: DependenciesRepository,
    private readonly matcher: AdvisoryMatcher,
    private readonly bus: JobBus,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Returns the servers whose advisories changed. */
  async run(): Promise<string[]> {
    const changed = new Set<string>();
    let after = 0n;
    for (;;) {
      const reports = await this.repo.graphReports(after, PAGE);
      if (reports.length === 0) break;
      after = reports[reports.length - 1]!.id;
      const graphs = reports.flatMap((r) => {
        const ecosystem = ecosystemOf(r.ecosystem);
        const graph = StoredGraphSchema.safeParse(r.graph);
        return ecosystem && graph.success ? [{ report: r, ecosystem, nodes: graph.data.nodes }] : [];
      });
      const advisories = await this.matcher.match(graphs);
      const at = this.now();
      for (const [i, g] of graphs.entries()) {
        const writes = (advisories[i] ?? []).map(advisoryWrite);
        if (await this.repo.replaceAdvisories(g.report.id, writes, at)) changed.add(g.report.serverName);
      }
    }
    for (const serverName of changed) await this.bus.add("catalog", "refresh-servers", { match: serverName });
    return [...changed].sort();
  }
}
