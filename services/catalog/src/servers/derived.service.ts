import { DAY_MS } from "@catalog/contracts";
import type { CategoryClassifier } from "@catalog/categories";
import { PackageProbeResultSchema, type QualityLabel } from "@catalog/contracts";
import type {
  CatalogRepository,
  EvidenceRepository,
  PackageTargetsRepository,
  Prisma,
  ProbesRepository,
  ServerEvidence,
  Tx,
} from "@catalog/db";
import { deriveServer, packageRefs, qualityInput, type PackageEvidence } from "@catalog/derivation";
import { assessQuality } from "@catalog/quality";
import { stableJobId, type JobBus } from "@catalog/queue";
import { namespaceOf, ServerJsonSchema, type ServerJson } from "@catalog/registry";

/** Stability is the share of successful scheduled probes over this window (DECISIONS.md section 4). */
const STABILITY_DAYS = 30;
/** Tool changes older than this weigh in no trust flag. */
const TOOL_CHANGE_DAYS = 90;

export type DerivedOutcome = { qualityScore: number | null; qualityLabel: QualityLabel };

/**
 * Recomputes everything the catalog derives for a server from its versions and evidence: the
 * latest version's facts, connectability (judged with the latest probe of each remote), probe
 * targets, owner evidence, trust, quality and categories. Runs inside the caller's transaction,
 * so a server's derived facts always match the write that changed them.
 */
export class DerivedService {
  constructor(
    private readonly repo: CatalogRepository,
    private readonly probes: ProbesRepository,
    private readonly packages: PackageTargetsRepository,
    private readonly evidence: EvidenceRepository,
    private readonly classifier: CategoryClassifier,
    private readonly bus: JobBus,
    private readonly firstProbeWithinMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async refresh(tx: Tx, name: string): Promise<DerivedOutcome | null> {
    const facts = await this.repo.serverFacts(tx, name);
    if (!facts) return null;
    const { source: latest, ...span } = facts;
    const now = this.now();
    const server = ServerJsonSchema.parse(latest.serverJson);
    const namespace = namespaceOf(name);
    const evidence = await this.evidence.load(
      tx,
      name,
      namespace,
      packageRefs(server),
      new Date(now.getTime() - TOOL_CHANGE_DAYS * DAY_MS),
    );
    if (!evidence) return null;
    const { tools, reports, advisories, previous } = evidence;
    const derived = deriveServer({
      name,
      server,
      status: latest.status,
      firstPublishedAt: span.first,
      probes: evidence.probes,
      introspections: await this.introspections(tx, name),
      reports,
      advisories,
      toolChanges: evidence.toolChanges,
      tools,
      blocked: evidence.blocked,
      previousOwner: previous.owner,
      now,
    });
    const { connection, owner, trust, qualityRemote } = derived;
    await this.probes.syncTargets(tx, name, derived.probeTargets, this.firstProbeWithinMs, now);
    await this.packages.syncTargets(
      tx,
      name,
      derived.packageTargets.map((p) => ({ ...p, publishedAt: latest.publishedAt })),
      now,
    );
    const since = new Date(now.getTime() - STABILITY_DAYS * DAY_MS);
    const stability = qualityRemote
      ? await this.evidence.stability(tx, name, qualityRemote.latest.url, since)
      : null;
    const quality = assessQuality(
      qualityInput({ server, remote: qualityRemote, tools, reports, advisories, stability }),
      now,
    );
    const { categories, basis, wanted } = await this.categories(name, server, evidence);

    await this.repo.updateServer(tx, name, {
      latestVersion: latest.version,
      status: latest.status,
      title: server.title ?? null,
      description: server.description,
      websiteUrl: server.websiteUrl ?? null,
      repositoryUrl: derived.repositoryUrl,
      firstPublishedAt: span.first,
      updatedAt: span.updated,
      deletedAt: latest.status === "deleted" ? (latest.statusChangedAt ?? latest.updatedAt) : null,
      connectionClass: connection.class,
      autonomous: connection.autonomous,
      humanSteps: connection.human_steps,
      accessClasses: derived.access,
      connectability: connection,
      trustScore: trust.score,
      trustFlags: trust.flags,
      trustEvidence: trust.evidence as Prisma.InputJsonObject,
      qualityScore: quality.score,
      qualityLabel: quality.label,
      qualityChecks: quality.checks,
      qualityAssessedAt: now,
      categories,
      categoriesBasis: basis,
      categoriesWanted: wanted,
      owner: owner as Prisma.InputJsonObject,
      derivedStale: false,
    });
    return { qualityScore: quality.score, qualityLabel: quality.label };
  }

  /** The last introspection of each package on the schedule, as connectability reads it. */
  private async introspections(tx: Tx, name: string): Promise<PackageEvidence[]> {
    return (await this.packages.evidence(tx, name)).map((e) => {
      const result = PackageProbeResultSchema.safeParse(e.result);
      return {
        ...e,
        detail: result.success ? result.data.detail : "",
        toolCount: result.success ? result.data.tool_count : 0,
      };
    });
  }

  /**
   * The categories, re-assigned only when their basis (model, rules, text) changed. Keyword rules
   * run here; an embedding model runs in its own job (one per server and basis), off the write
   * path and once per text however many versions of a server arrive together; `wanted` records
   * the basis that job is owed for (the catalog's reconciler queues it again if Redis lost it).
   */
  private async categories(
    name: string,
    server: ServerJson,
    { tools, previous }: ServerEvidence,
  ): Promise<{ categories: string[]; basis: string | null; wanted: string }> {
    const input = { name, title: server.title ?? null, description: server.description, tools };
    const basis = this.classifier.basis(input);
    if (previous.categoriesBasis === basis && previous.categories.length > 0)
      return { categories: previous.categories, basis, wanted: basis };
    if (!this.classifier.usesModel)
      return { categories: await this.classifier.classify(input), basis, wanted: basis };
    await this.bus.add(
      "catalog",
      "assign-categories",
      { serverName: name },
      { jobId: stableJobId("categories", name, basis) },
    );
    return { categories: previous.categories, basis: previous.categoriesBasis, wanted: basis };
  }

  /** The assign-categories job: classifies the server's current text unless it was already. */
  async assignCategories(tx: Tx, name: string): Promise<string[] | null> {
    const facts = await this.repo.serverFacts(tx, name);
    if (!facts) return null;
    const server = ServerJsonSchema.parse(facts.source.serverJson);
    const evidence = await this.evidence.load(tx, name, namespaceOf(name), [], new Date());
    if (!evidence) return null;
    const input = {
      name,
      title: server.title ?? null,
      description: server.description,
      tools: evidence.tools,
    };
    const basis = this.classifier.basis(input);
    if (evidence.previous.categoriesBasis === basis) return evidence.previous.categories;
    const categories = await this.classifier.classify(input);
    await this.repo.updateServer(tx, name, { categories, categoriesBasis: basis });
    return categories;
  }
}
