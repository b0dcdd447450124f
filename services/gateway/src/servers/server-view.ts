import type { Choice } from "@catalog/client-configs";
import {
  ACCESS_CLASSES,
  compareServerCard,
  QUALITY_LABELS,
  qualityLabel,
  type AccessClass,
  type OwnerBlock,
  type PackageNewest,
  type QualityBlock,
  type QualityLabel,
  type ToolEntry,
} from "@catalog/contracts";
import type { PackageFreshnessRecord, ProbeRecord, ServerRecord, ToolRecord } from "@catalog/db";
import { isTemplated, type Input, type Remote, type ServerJson } from "@catalog/registry";

/**
 * Mappings from stored rows to the API's blocks. Columns that other services fill (quality,
 * owner, trust evidence) are read defensively: a malformed value reads as "not assessed"
 * rather than failing the request.
 */

/** The remote or package the server's connectability chose. */
export function preferredChoice(record: ServerRecord): Choice | null {
  const { via } = record.connectability;
  return via && { kind: via.kind, index: via.index };
}

export function connectabilityReason(record: ServerRecord): string | null {
  return record.connectability.reason;
}

export function qualityBlock(record: ServerRecord): QualityBlock {
  return {
    score: record.qualityScore,
    label: (QUALITY_LABELS as readonly string[]).includes(record.qualityLabel)
      ? (record.qualityLabel as QualityLabel)
      : qualityLabel(record.qualityScore),
    checks: record.qualityChecks,
    assessed_at: record.qualityAssessedAt?.toISOString() ?? null,
  };
}

const UNVERIFIED: OwnerBlock = { verified: false, method: null, evidence: null, verified_at: null };

export function ownerBlock(record: ServerRecord): OwnerBlock {
  return record.owner ?? UNVERIFIED;
}

/** Trust with each present flag's evidence, read from `trust_evidence.flags[<flag>]`. */
export function trustBlock(record: ServerRecord) {
  const byFlag = record.trustEvidence.flags;
  return {
    score: record.trustScore,
    flags: record.trustFlags,
    evidence: Object.fromEntries(record.trustFlags.filter((f) => f in byFlag).map((f) => [f, byFlag[f]])),
  };
}

function inputSummary(input: Input) {
  return {
    name: input.name ?? "",
    description: input.description ?? null,
    required: input.isRequired === true,
    secret: input.isSecret === true,
  };
}

/** The first remote with a fixed URL: what a check can probe. */
export function fixedRemote(server: ServerJson): Remote | undefined {
  return server.remotes?.find((r) => !isTemplated(r.url));
}

/**
 * The declared remotes, each with the access class its latest probe found (null when none) and
 * the server card that probe read, compared with this listing (null when none was read).
 */
export function remotesOf(
  server: ServerJson,
  probes: readonly Pick<ProbeRecord, "url" | "access" | "serverCard">[] = [],
) {
  const listing = { name: server.name, remotes: (server.remotes ?? []).map((r) => r.url) };
  return (server.remotes ?? []).map((r) => {
    const probe = probes.find((p) => p.url === r.url);
    return {
      type: r.type,
      url: r.url,
      templated: isTemplated(r.url),
      headers: (r.headers ?? []).map(inputSummary),
      access: accessOf(probe?.access),
      server_card: probe?.serverCard ? compareServerCard(probe.serverCard, listing) : null,
    };
  });
}

const accessOf = (recorded: string | null | undefined): AccessClass | null =>
  ACCESS_CLASSES.find((c) => c === recorded) ?? null;

/** The declared packages, each with its registry's newest version when ingest has read it. */
export function packagesOf(server: ServerJson, freshness: readonly PackageFreshnessRecord[] = []) {
  return (server.packages ?? []).map((p) => ({
    registry_type: p.registryType,
    identifier: p.identifier,
    version: p.version ?? null,
    transport: p.transport?.type ?? "stdio",
    environment_variables: (p.environmentVariables ?? []).map(inputSummary),
    newest: newestOf(p.registryType, p.identifier, p.version, freshness),
  }));
}

const iso = (at: string | null) => (at ? new Date(at).toISOString() : null);

/** The report of exactly this package version (ingest records an unpinned one as "latest"). */
function newestOf(
  registryType: string,
  identifier: string,
  version: string | undefined,
  freshness: readonly PackageFreshnessRecord[],
): PackageNewest | null {
  const listed = version?.trim() || "latest";
  const f = freshness.find(
    (r) => r.ecosystem === registryType && r.packageName === identifier && r.version === listed,
  );
  if (!f) return null;
  return {
    version: f.newestVersion,
    published_at: iso(f.newestPublishedAt),
    listed_published_at: iso(f.listedPublishedAt),
    behind: f.behind === "major" || f.behind === "stale" ? f.behind : null,
  };
}

export function iconsOf(server: ServerJson) {
  return (server.icons ?? []).map((icon) => ({
    src: icon.src,
    mime_type: typeof icon.mimeType === "string" ? icon.mimeType : null,
    sizes: Array.isArray(icon.sizes) ? icon.sizes.filter((s): s is string => typeof s === "string") : [],
    theme: typeof icon.theme === "string" ? icon.theme : null,
  }));
}

export function repositoryOf(server: ServerJson) {
  const repo = server.repository;
  if (!repo?.url?.trim()) return null;
  return { url: repo.url, source: repo.source ?? null, subfolder: repo.subfolder ?? null };
}

export function toolEntry(tool: ToolRecord): ToolEntry {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    ...(tool.inputSchema !== undefined
      ? { input_schema: tool.inputSchema, output_schema: tool.outputSchema ?? null }
      : {}),
    annotations: tool.annotations,
    source: tool.source,
    observed_at: tool.observedAt.toISOString(),
    tokens: tool.tokens,
  };
}
