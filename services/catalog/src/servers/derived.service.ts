import type { CategoryClassifier } from "@catalog/categories";
import { assessConnectability, evidenceFromProbe, type Connectability } from "@catalog/connectability";
import {
  standing,
  type ProbeHistory,
  type ProbeResult,
  type QualityBlock,
  type QualityLabel,
} from "@catalog/contracts";
import type {
  CatalogRepository,
  EvidenceAdvisory,
  EvidenceReport,
  EvidenceRepository,
  PackageRef,
  Prisma,
  ProbesRepository,
  ProbeTargetRemote,
  ServerEvidence,
  StoredProbe,
  Tx,
} from "@catalog/db";
import { assessQuality, judgedProbe } from "@catalog/quality";
import { stableJobId, type JobBus } from "@catalog/queue";
import {
  isTemplated,
  namespaceOf,
  ServerJsonSchema,
  repositoryUrl,
  type ServerJson,
} from "@catalog/registry";
import { assessTrust, verifyOwner, type TrustProbe, type TrustSdk } from "@catalog/trust";

const DAY_MS = 86_400_000;
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
    const packages = packageRefs(server);
    const evidence = await this.evidence.load(
      tx,
      name,
      namespace,
      packages,
      new Date(now.getTime() - TOOL_CHANGE_DAYS * DAY_MS),
    );
    if (!evidence) return null;
    const { toolChanges, reports, advisories, blocked, previous } = evidence;
    const probes = evidence.probes;
    // Judged like trust and quality: one failed probe does not turn a working remote unknown.
    const connection = assessConnectability(
      server,
      probes.map((h) => standing(h).observed).map((p) => evidenceFromProbe(p.url, p.outcome, p.result)),
    );
    const remotes = latest.status === "deleted" ? [] : probeableRemotes(server);
    await this.probes.syncTargets(tx, name, remotes, this.firstProbeWithinMs, now);

    const repository = repositoryUrl(server) ?? null;
    const declared = (server.remotes ?? []).map((r) => ({ url: r.url, templated: isTemplated(r.url) }));

    const owner = verifyOwner(
      { namespace, repositoryUrl: repository, remotes: declared },
      previous.owner,
      now,
    );
    const trust = assessTrust({
      name,
      namespace,
      status: latest.status,
      firstPublishedAt: span.first,
      repositoryUrl: repository,
      remotes: declared,
      probes: probes.map((h) => mapHistory(h, trustProbe)),
      sdk: officialSdk(reports),
      advisories,
      toolChanges,
      owner,
      blocked,
      now,
    });

    const quality = await this.quality(tx, name, server, bestRemote(connection, probes), evidence, now);
    const { categories, basis } = await this.categories(name, server, evidence);

    await this.repo.updateServer(tx, name, {
      latestVersion: latest.version,
      status: latest.status,
      title: server.title ?? null,
      description: server.description,
      websiteUrl: server.websiteUrl ?? null,
      repositoryUrl: repository,
      firstPublishedAt: span.first,
      updatedAt: span.updated,
      deletedAt: latest.status === "deleted" ? (latest.statusChangedAt ?? latest.updatedAt) : null,
      connectionClass: connection.class,
      autonomous: connection.autonomous,
      humanSteps: connection.human_steps,
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
      owner: owner as Prisma.InputJsonObject,
      derivedStale: false,
    });
    return { qualityScore: quality.score, qualityLabel: quality.label };
  }

  /** The quality checks fed by the catalog: the best remote's recent probes, tools, stability, advisories. */
  private async quality(
    tx: Tx,
    name: string,
    server: ServerJson,
    best: ProbeHistory<StoredProbe> | undefined,
    { tools, reports, advisories }: ServerEvidence,
    now: Date,
  ): Promise<QualityBlock> {
    const since = new Date(now.getTime() - STABILITY_DAYS * DAY_MS);
    const reported = reports.some((r) => r.status === "resolved" || r.status === "incomplete");
    const distinct = (list: EvidenceAdvisory[]) => new Set(list.map((a) => a.id)).size;
    return assessQuality(
      {
        description: server.description,
        ...judgedProbe(best ? resultHistory(best) : null),
        tools,
        stability: best ? await this.evidence.stability(tx, name, best.latest.url, since) : null,
        advisories: reported
          ? {
              total: distinct(advisories),
              critical: distinct(advisories.filter((a) => a.severity === "critical")),
            }
          : null,
      },
      now,
    );
  }

  /**
   * The categories, re-assigned only when their basis (model, rules, text) changed. Keyword rules
   * run here; an embedding model runs in its own job (one per server and basis), off the write
   * path and once per text however many versions of a server arrive together.
   */
  private async categories(
    name: string,
    server: ServerJson,
    { tools, previous }: ServerEvidence,
  ): Promise<{ categories: string[]; basis: string | null }> {
    const input = { name, title: server.title ?? null, description: server.description, tools };
    const basis = this.classifier.basis(input);
    if (previous.categoriesBasis === basis && previous.categories.length > 0)
      return { categories: previous.categories, basis };
    if (!this.classifier.usesModel) return { categories: await this.classifier.classify(input), basis };
    await this.bus.add(
      "catalog",
      "assign-categories",
      { serverName: name },
      { jobId: stableJobId("categories", name, basis) },
    );
    return { categories: previous.categories, basis: previous.categoriesBasis };
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

/** Remotes a probe can reach as declared: a known transport and a URL without template variables. */
export function probeableRemotes(server: ServerJson): ProbeTargetRemote[] {
  const seen = new Set<string>();
  const out: ProbeTargetRemote[] = [];
  for (const remote of server.remotes ?? []) {
    if (remote.type !== "streamable-http" && remote.type !== "sse") continue;
    if (isTemplated(remote.url) || !URL.canParse(remote.url) || seen.has(remote.url)) continue;
    seen.add(remote.url);
    out.push({ url: remote.url, transport: remote.type });
  }
  return out;
}

/** The npm and PyPI packages of a version, whose dependency reports count for it. */
export function packageRefs(server: ServerJson): PackageRef[] {
  return (server.packages ?? []).flatMap((p) =>
    (p.registryType === "npm" || p.registryType === "pypi") && p.version
      ? [{ ecosystem: p.registryType, name: p.identifier, version: p.version }]
      : [],
  );
}

/** The remote quality is judged from: the one connectability chose, else the newest probed. */
function bestRemote(
  connection: Connectability,
  probes: ProbeHistory<StoredProbe>[],
): ProbeHistory<StoredProbe> | undefined {
  const chosen = connection.via?.kind === "remote" ? connection.via.url : undefined;
  const newest = [...probes].sort((a, b) => startedAt(b.latest) - startedAt(a.latest));
  return newest.find((h) => h.latest.url === chosen) ?? newest[0];
}

const startedAt = (p: StoredProbe): number => (p.result ? Date.parse(p.result.started_at) : 0);

/** The same history with each probe mapped by `map`. */
function mapHistory<P, Q>(history: ProbeHistory<P>, map: (p: P) => Q): ProbeHistory<Q> {
  const { latest, lastAnswer, failures } = history;
  return { latest: map(latest), lastAnswer: lastAnswer && map(lastAnswer), failures };
}

/** The results of a remote's probes, for quality; null when the latest no longer parses. */
function resultHistory(history: ProbeHistory<StoredProbe>): ProbeHistory<ProbeResult> | null {
  const { latest, lastAnswer, failures } = history;
  if (!latest.result) return null;
  return { latest: latest.result, lastAnswer: lastAnswer?.result ?? null, failures };
}

function trustProbe(p: StoredProbe): TrustProbe {
  return {
    url: p.url,
    outcome: p.outcome,
    authRequired: p.result?.auth.required ?? false,
    at: new Date(startedAt(p)),
  };
}

function officialSdk(reports: EvidenceReport[]): TrustSdk | null {
  for (const r of reports) {
    const sdk = r.mcpSdk;
    if (sdk?.present && sdk.package && sdk.version) {
      return {
        ecosystem: r.ecosystem,
        package: sdk.package,
        version: sdk.version,
        via: `${r.ecosystem}:${r.packageName}@${r.version}`,
      };
    }
  }
  return null;
}
