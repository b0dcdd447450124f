import { z } from "zod";
import type { Ecosystem } from "./ecosystems/index.js";
import type { GraphNode } from "./graph.js";
import { severityOf, type Severity } from "./severity.js";

/** The parts of an OSV record (osv.dev GET /v1/vulns/{id}) an advisory is made from. */
export const OsvRecordSchema = z.object({
  id: z.string(),
  summary: z.string().optional(),
  details: z.string().optional(),
  withdrawn: z.string().optional(),
  severity: z.array(z.object({ type: z.string().optional(), score: z.string().optional() })).optional(),
  database_specific: z.unknown().optional(),
  affected: z
    .array(
      z.object({
        package: z.object({ ecosystem: z.string(), name: z.string() }).optional(),
        ranges: z
          .array(
            z.object({
              type: z.string(),
              events: z.array(z.record(z.string(), z.string())),
            }),
          )
          .optional(),
      }),
    )
    .default([]),
});
export type OsvRecord = z.infer<typeof OsvRecordSchema>;

export type Advisory = {
  id: string;
  severity: Severity;
  summary: string;
  package: string;
  version: string;
  relation: "direct" | "indirect";
  fixedIn: string | null;
  url: string;
};

/** Where an advisory is read on the web. */
export const osvUrl = (id: string): string => `https://osv.dev/vulnerability/${encodeURIComponent(id)}`;

/** One line that says what the advisory is about. */
function summaryOf(record: OsvRecord): string {
  const text = record.summary?.trim() || record.details?.trim().split("\n")[0]?.trim() || record.id;
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/**
 * The lowest fixed version above `installed` that the record names for this package: only
 * SEMVER and ECOSYSTEM ranges (GIT ranges name commits), compared in the ecosystem's order,
 * limited to `published` versions when the registry's list is known, and never a pre-release
 * for an installed final release (a pre-release fix is not what a user upgrades to).
 */
export function fixedIn(
  record: OsvRecord,
  name: string,
  installed: string,
  ecosystem: Ecosystem,
  published: ReadonlySet<string> | null,
): string | null {
  if (!ecosystem.valid(installed)) return null;
  const target = ecosystem.normalizeName(name);
  const stablesOnly = !ecosystem.isPrerelease(installed);
  const candidates = record.affected
    .filter(
      (a) =>
        a.package?.ecosystem === ecosystem.osvEcosystem && ecosystem.normalizeName(a.package.name) === target,
    )
    .flatMap((a) => a.ranges ?? [])
    .filter((r) => r.type === "SEMVER" || r.type === "ECOSYSTEM")
    .flatMap((r) => r.events.map((e) => e.fixed).filter((v): v is string => typeof v === "string"))
    .filter(
      (v) =>
        ecosystem.valid(v) &&
        ecosystem.compare(v, installed) > 0 &&
        !(stablesOnly && ecosystem.isPrerelease(v)) &&
        (published === null || published.has(v)),
    );
  return candidates.sort(ecosystem.compare)[0] ?? null;
}

/** The advisory as a dependency report lists it, for one affected node of the graph. */
export function advisoryFor(
  record: OsvRecord,
  node: GraphNode,
  ecosystem: Ecosystem,
  published: ReadonlySet<string> | null,
): Advisory {
  return {
    id: record.id,
    severity: severityOf(record),
    summary: summaryOf(record),
    package: node.name,
    version: node.version,
    // The package itself counts as direct: nothing stands between the server and it.
    relation: node.relation === "indirect" ? "indirect" : "direct",
    fixedIn: fixedIn(record, node.name, node.version, ecosystem, published),
    url: osvUrl(record.id),
  };
}
