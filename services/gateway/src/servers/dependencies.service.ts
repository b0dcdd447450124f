import { DEPENDENCY_ATTRIBUTION, type DependenciesBody } from "@catalog/contracts";
import type { DependencyRecord, ServerReadRepository } from "@catalog/db";
import { success, type Outcome } from "../http/outcome.js";
import { findServer } from "./lookup.js";
import { getServer } from "./next-actions.js";

type Entry = DependenciesBody["packages"][number];

/**
 * One entry per npm or PyPI package of the latest version: the report resolved for that exact
 * version, else the newest one for the package, else `pending` until the resolver has run.
 */
export class DependenciesService {
  constructor(private readonly repo: ServerReadRepository) {}

  async dependencies(name: string): Promise<Outcome<DependenciesBody>> {
    const [found, reports] = await Promise.all([
      findServer(this.repo, name),
      this.repo.dependencyReports(name),
    ]);
    if (!found.ok) return found;
    const seen = new Set<string>();
    const packages: Entry[] = [];
    for (const pkg of found.body.serverJson.packages ?? []) {
      if (pkg.registryType !== "npm" && pkg.registryType !== "pypi") continue;
      const id = `${pkg.registryType}\u0000${pkg.identifier}\u0000${pkg.version ?? ""}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const mine = reports.filter(
        (r) => r.ecosystem.toLowerCase() === pkg.registryType && r.packageName === pkg.identifier,
      );
      const report = mine.find((r) => r.version === pkg.version) ?? mine[0];
      packages.push(entry(pkg.registryType, pkg.identifier, pkg.version ?? null, report));
    }
    return success({ server: found.body.name, packages, next_actions: [getServer(name)] });
  }
}

function entry(
  ecosystem: "npm" | "pypi",
  name: string,
  version: string | null,
  report?: DependencyRecord,
): Entry {
  if (!report) {
    return {
      ecosystem,
      package: name,
      version,
      status: "pending",
      dependency_count: 0,
      mcp_sdk: null,
      advisories: [],
      resolved_at: null,
      attribution: DEPENDENCY_ATTRIBUTION,
    };
  }
  return {
    ecosystem,
    package: name,
    version: report.version,
    status: report.status,
    dependency_count: report.dependencyCount,
    mcp_sdk: report.mcpSdk,
    advisories: report.advisories.map((a) => ({
      id: a.osvId,
      severity: a.severity,
      summary: a.summary,
      package: a.packageName,
      version: a.version,
      relation: a.relation === "direct" ? "direct" : "indirect",
      fixed_in: a.fixedIn,
      url: a.url,
    })),
    resolved_at: report.resolvedAt?.toISOString() ?? null,
    attribution: DEPENDENCY_ATTRIBUTION,
  };
}
