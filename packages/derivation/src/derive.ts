import { assessServer, type ToolInput } from "@catalog/tool-risk";
import {
  assessConnectability,
  evidenceFromProbe,
  type Connectability,
  type PackageEvidence,
  type RemoteEvidence,
} from "@catalog/connectability";
import { planLaunch } from "@catalog/introspection";

export type { PackageEvidence } from "@catalog/connectability";
import {
  ACCESS_CLASSES,
  standing,
  type AccessClass,
  type OwnerBlock,
  type ProbeHistory,
  type ProbeResult,
} from "@catalog/contracts";
import { judgedProbe, type QualityInput, type QualityTool } from "@catalog/quality";
import { isTemplated, namespaceOf, repositoryUrl, type ServerJson } from "@catalog/registry";
import {
  assessTrust,
  verifyOwner,
  type TrustAdvisory,
  type TrustAssessment,
  type TrustPackageBehind,
  type TrustProbe,
  type TrustRegistration,
  type TrustSdk,
  type TrustToolChange,
} from "@catalog/trust";

/** One stored probe of a remote URL; `result` is null when it no longer parses. */
export type DerivationProbe = { url: string; outcome: string; result: ProbeResult | null };

/** A dependency report of one of the latest version's packages. */
export type DerivationReport = {
  ecosystem: string;
  packageName: string;
  version: string;
  status: string;
  mcpSdk: { present: boolean; package: string | null; version: string | null } | null;
  /** The package's newest registry version (null until read) and why the listed one is behind. */
  newestVersion?: string | null;
  newestPublishedAt?: string | null;
  listedPublishedAt?: string | null;
  behind?: string | null;
};

/** A remote the prober can reach as declared. */
export type ProbeableRemote = { url: string; transport: "streamable-http" | "sse" };

/** A package of the latest version that the sandbox can start: the introspection schedule keeps it. */
export type IntrospectablePackage = {
  registryType: string;
  identifier: string;
  /** The listed version, "" when the listing names none. */
  version: string;
  package: Record<string, unknown>;
};

/** A package whose dependency reports count for a version. */
export type PackageRef = { ecosystem: string; name: string; version: string };

/** Everything a server's derived facts are judged from, besides quality's and categories'. */
export type DerivationInput = {
  name: string;
  /** The latest version's server.json, and its status. */
  server: ServerJson;
  status: "active" | "deprecated" | "deleted";
  firstPublishedAt: Date;
  /** The recent probes of each probed remote. */
  probes: ProbeHistory<DerivationProbe>[];
  /** The last introspection of each package on the schedule. */
  introspections?: PackageEvidence[];
  reports: DerivationReport[];
  advisories: TrustAdvisory[];
  toolChanges: TrustToolChange[];
  /** The server's current tools, as last listed. */
  tools: ToolInput[];
  blocked: { entry: string; reason: string } | null;
  /** The owner block derived last time: kept (with its date) when its evidence did not change. */
  previousOwner: OwnerBlock | null;
  now: Date;
};

export type Derivation = {
  connection: Connectability;
  /** The access classes its probed remotes showed (open, late_gate, hard_gate), in that order. */
  access: AccessClass[];
  /** The remotes to keep on the probe schedule: none once the server is deleted. */
  probeTargets: ProbeableRemote[];
  /** The packages to keep on the introspection schedule (see `introspectablePackages`). */
  packageTargets: IntrospectablePackage[];
  repositoryUrl: string | null;
  owner: OwnerBlock;
  trust: TrustAssessment;
  /** The remote quality is judged from: the one connectability chose, else the newest probed. */
  qualityRemote: ProbeHistory<DerivationProbe> | undefined;
};

/**
 * The rules behind a server's derived facts (DECISIONS.md section 4): connectability judged
 * with the standing of each remote (one failed probe does not turn a working remote unknown),
 * the remotes to probe, owner evidence, trust, and the remote quality is judged from.
 */
export function deriveServer(input: DerivationInput): Derivation {
  const { name, server, probes, now } = input;
  const namespace = namespaceOf(name);
  const observed = probes
    .map((h) => standing(h).observed)
    .map((p) => evidenceFromProbe(p.url, p.outcome, p.result));
  const connection = assessConnectability(server, observed, input.introspections);
  const repository = repositoryUrl(server) ?? null;
  const declared = (server.remotes ?? []).map((r) => ({ url: r.url, templated: isTemplated(r.url) }));
  const owner = verifyOwner(
    { namespace, repositoryUrl: repository, remotes: declared },
    input.previousOwner,
    now,
  );
  const trust = assessTrust({
    name,
    namespace,
    status: input.status,
    firstPublishedAt: input.firstPublishedAt,
    repositoryUrl: repository,
    remotes: declared,
    probes: probes.map((h) => mapHistory(h, trustProbe)),
    sdk: officialSdk(input.reports),
    advisories: input.advisories,
    packagesBehind: packagesBehind(input.reports),
    toolChanges: input.toolChanges,
    toolRisk: assessServer(input.tools),
    owner,
    blocked: input.blocked,
    now,
  });
  return {
    connection,
    access: accessClasses(observed),
    probeTargets: input.status === "deleted" ? [] : probeableRemotes(server),
    packageTargets: input.status === "deleted" ? [] : introspectablePackages(server),
    repositoryUrl: repository,
    owner,
    trust,
    qualityRemote: bestRemote(connection, probes),
  };
}

/**
 * What the quality checks read of a catalog server: its description, the probes of the remote
 * quality is judged from, its tools, the stability of that remote (null without one) and the
 * advisories of its dependency reports (null when no report is resolved).
 */
export function qualityInput(input: {
  server: ServerJson;
  remote: ProbeHistory<DerivationProbe> | undefined;
  tools: QualityTool[];
  reports: DerivationReport[];
  advisories: TrustAdvisory[];
  stability: { successful: number; total: number } | null;
}): QualityInput {
  const { remote, reports, advisories } = input;
  const reported = reports.some((r) => r.status === "resolved" || r.status === "incomplete");
  const distinct = (list: TrustAdvisory[]) => new Set(list.map((a) => a.id)).size;
  return {
    description: input.server.description,
    ...judgedProbe(remote ? resultHistory(remote) : null),
    tools: input.tools,
    stability: remote ? input.stability : null,
    advisories: reported
      ? {
          total: distinct(advisories),
          critical: distinct(advisories.filter((a) => a.severity === "critical")),
        }
      : null,
  };
}

/** Remotes a probe can reach as declared: a known transport and a URL without template variables. */
export function probeableRemotes(server: ServerJson): ProbeableRemote[] {
  const seen = new Set<string>();
  const out: ProbeableRemote[] = [];
  for (const remote of server.remotes ?? []) {
    if (remote.type !== "streamable-http" && remote.type !== "sse") continue;
    if (isTemplated(remote.url) || !URL.canParse(remote.url) || seen.has(remote.url)) continue;
    seen.add(remote.url);
    out.push({ url: remote.url, transport: remote.type });
  }
  return out;
}

/**
 * The packages the introspection schedule starts: those the sandbox can launch, of a server that
 * offers no probeable remote. A server's tools come from its remote where it has one (what a client
 * connecting to it is shown); packages alone are introspected on schedule, any package on demand.
 */
export function introspectablePackages(server: ServerJson): IntrospectablePackage[] {
  if (probeableRemotes(server).length > 0) return [];
  const seen = new Set<string>();
  return (server.packages ?? []).flatMap((pkg) => {
    const key = `${pkg.registryType} ${pkg.identifier} ${pkg.version ?? ""}`;
    if (seen.has(key) || "notHere" in planLaunch(pkg)) return [];
    seen.add(key);
    return [
      {
        registryType: pkg.registryType,
        identifier: pkg.identifier,
        version: pkg.version ?? "",
        package: pkg,
      },
    ];
  });
}

/** The npm and PyPI packages of a version, whose dependency reports count for it. */
export function packageRefs(server: ServerJson): PackageRef[] {
  return (server.packages ?? []).flatMap((p) =>
    (p.registryType === "npm" || p.registryType === "pypi") && p.version
      ? [{ ecosystem: p.registryType, name: p.identifier, version: p.version }]
      : [],
  );
}

/** The access classes the remotes showed, each once (search filters servers by them). */
function accessClasses(remotes: RemoteEvidence[]): AccessClass[] {
  return ACCESS_CLASSES.filter((c) => remotes.some((r) => r.access === c));
}

/** The remote quality is judged from: the one connectability chose, else the newest probed. */
function bestRemote(
  connection: Connectability,
  probes: ProbeHistory<DerivationProbe>[],
): ProbeHistory<DerivationProbe> | undefined {
  const chosen = connection.via?.kind === "remote" ? connection.via.url : undefined;
  const newest = [...probes].sort((a, b) => startedAt(b.latest) - startedAt(a.latest));
  return newest.find((h) => h.latest.url === chosen) ?? newest[0];
}

const startedAt = (p: DerivationProbe): number => (p.result ? Date.parse(p.result.started_at) : 0);

/** The same history with each probe mapped by `map`. */
function mapHistory<P, Q>(history: ProbeHistory<P>, map: (p: P) => Q): ProbeHistory<Q> {
  const { latest, lastAnswer, failures } = history;
  return { latest: map(latest), lastAnswer: lastAnswer && map(lastAnswer), failures };
}

/** The results of a remote's probes, for quality; null when the latest no longer parses. */
function resultHistory(history: ProbeHistory<DerivationProbe>): ProbeHistory<ProbeResult> | null {
  const { latest, lastAnswer, failures } = history;
  if (!latest.result) return null;
  return { latest: latest.result, lastAnswer: lastAnswer?.result ?? null, failures };
}

function trustProbe(p: DerivationProbe): TrustProbe {
  return {
    url: p.url,
    outcome: p.outcome,
    authRequired: p.result?.auth.required ?? false,
    at: new Date(startedAt(p)),
    cloaking: p.result?.cloaking ?? null,
    serverCard: p.result?.server_card ?? null,
    transport: p.result?.transport ?? null,
    registration: p.result?.auth.required ? registration(p.result.auth) : null,
  };
}

/** How the remote's authorization server lets clients register, as its probe found. */
function registration(auth: ProbeResult["auth"]): TrustRegistration {
  return {
    issuer: auth.issuer,
    metadataUrl: auth.authorization_server_metadata_url,
    registrationEndpoint: auth.registration_endpoint,
    clientIdMetadataDocument: auth.client_id_metadata_document_supported,
  };
}

function officialSdk(reports: DerivationReport[]): TrustSdk | null {
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

/** The reports whose package is behind its registry's newest version, as ingest judged it. */
function packagesBehind(reports: DerivationReport[]): TrustPackageBehind[] {
  const date = (at: string | null | undefined) => (at ? new Date(at) : null);
  return reports.flatMap((r) =>
    r.behind && r.newestVersion
      ? [
          {
            ecosystem: r.ecosystem,
            package: r.packageName,
            listed: r.version,
            listedPublishedAt: date(r.listedPublishedAt),
            newest: r.newestVersion,
            newestPublishedAt: date(r.newestPublishedAt),
            reason: r.behind,
          },
        ]
      : [],
  );
}
