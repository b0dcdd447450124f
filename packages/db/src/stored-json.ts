import {
  CheckResultSchema,
  McpSdkSchema,
  OAuthMetadataSchema,
  OwnerBlockSchema,
  ProbeResultSchema,
  QualityCheckSchema,
  type CheckResult,
  type McpSdk,
  type OAuthMetadata,
  type OwnerBlock,
  type ProbeResult,
  type QualityCheck,
} from "@catalog/contracts";
import { ServerJsonSchema, type ServerJson } from "@catalog/registry";
import { z } from "zod";

/**
 * One schema per JSON column that the catalog's services write and others read, parsed once
 * in the repository that reads the column, so that readers get types instead of `unknown`.
 * Rows are read defensively: a malformed value reads as "not known" (null, or an empty list)
 * instead of failing the request or the derivation that reads it.
 */

/**
 * What readers use of `servers.connectability` (its class, autonomy and human steps are
 * columns of their own): the remote or package chosen, and why.
 */
export const StoredConnectabilitySchema = z.object({
  via: z
    .object({
      kind: z.enum(["remote", "package"]),
      index: z.number().int().min(0),
      url: z.string().optional(),
    })
    .nullable()
    .catch(null),
  reason: z.string().nullable().catch(null),
});
export type StoredConnectability = z.infer<typeof StoredConnectabilitySchema>;

/** What readers use of `servers.trust_evidence`: the evidence of each flag, by flag. */
export const StoredTrustEvidenceSchema = z.object({
  flags: z.record(z.string(), z.unknown()).catch({}),
});
export type StoredTrustEvidence = z.infer<typeof StoredTrustEvidenceSchema>;

const NO_CONNECTABILITY: StoredConnectability = { via: null, reason: null };
const NO_TRUST_EVIDENCE: StoredTrustEvidence = { flags: {} };

/** `servers.connectability` as read: nothing chosen and no reason when it cannot be read. */
export function readConnectability(value: unknown): StoredConnectability {
  return StoredConnectabilitySchema.safeParse(value ?? {}).data ?? NO_CONNECTABILITY;
}

/** `servers.trust_evidence` as read: no evidence when it cannot be read. */
export function readTrustEvidence(value: unknown): StoredTrustEvidence {
  return StoredTrustEvidenceSchema.safeParse(value ?? {}).data ?? NO_TRUST_EVIDENCE;
}

/** `servers.quality_checks` as read: the checks that can be read, in order; the others left out. */
export function readQualityChecks(value: unknown): QualityCheck[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((c) => {
    const check = QualityCheckSchema.safeParse(c);
    return check.success ? [check.data] : [];
  });
}

/** `servers.owner` as read (evidence null when absent); null when it cannot be read. */
export function readOwner(value: unknown): OwnerBlock | null {
  const owner = OwnerBlockSchema.safeParse(value);
  return owner.success ? { ...owner.data, evidence: owner.data.evidence ?? null } : null;
}

/** `dependency_reports.mcp_sdk` as read: null when absent or unreadable. */
export function readMcpSdk(value: unknown): McpSdk | null {
  return McpSdkSchema.safeParse(value).data ?? null;
}

/** `probes.result`: the probe result as the prober reported it; null when it no longer parses. */
export function readProbeResult(value: unknown): ProbeResult | null {
  return ProbeResultSchema.safeParse(value).data ?? null;
}

/** The OAuth summary of `probes.result` (its `auth`): null when absent or unreadable. */
export function readProbeAuth(value: unknown): OAuthMetadata | null {
  return OAuthMetadataSchema.safeParse(value).data ?? null;
}

/** `checks.result`: what a finished check found; null before it finished or when it no longer parses. */
export function readCheckResult(value: unknown): CheckResult | null {
  return value === null ? null : (CheckResultSchema.safeParse(value).data ?? null);
}

/**
 * `server_versions.server_json` as read: the registry's server.json, validated when the mirror
 * wrote it; should one no longer parse (a schema moved on), the server still reads as its
 * name, description and version.
 */
export function readServerJson(value: unknown, fallback: ServerJson): ServerJson {
  return ServerJsonSchema.safeParse(value).data ?? fallback;
}

const JsonObjectSchema = z.record(z.string(), z.unknown());

/** `tools.input_schema`, `output_schema`, `annotations`: JSON objects; anything else reads as null. */
export function readJsonObject(value: unknown): Record<string, unknown> | null {
  return JsonObjectSchema.safeParse(value).data ?? null;
}
