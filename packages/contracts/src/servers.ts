import { z } from "zod";
import { cursorParam } from "./cursor.js";
import { wholeNumber } from "./explain.js";
import { NextActionSchema } from "./next-actions.js";
import { QualityBlockSchema } from "./quality.js";
import { ServerCardComparisonSchema } from "./server-card.js";
import { isInt8Id, isTimestamp } from "./text.js";
import {
  ACCESS_CLASSES,
  CONNECTION_CLASSES,
  CONNECTION_TARGETS,
  DEPENDENCY_STATUSES,
  QUALITY_LABELS,
  TOOL_SOURCES,
} from "./vocabulary.js";

const limit = (max: number, fallback: number) => wholeNumber(1, max).default(fallback);
const bool = z.enum(["true", "false"], { error: "must be true or false" }).transform((v) => v === "true");
const timestamp = z.iso.datetime({ offset: true });

/**
 * Tools a descriptor (and a /v0.1 single version) carries inline, as many as a tools page
 * holds: a server that lists thousands of tools is paged through GET .../tools, never sent
 * whole in one body.
 */
export const INLINE_TOOLS_MAX = 100;

// --- queries -------------------------------------------------------------------------------

export const DescriptorQuerySchema = z.object({ schemas: bool.default(false) });

/** Tools page after the tool named in the cursor. */
export const ToolsQuerySchema = z.object({
  limit: limit(100, 100),
  cursor: cursorParam(1).optional(),
});

/** History page before the (observed_at, id) position in the cursor. */
export const ToolHistoryQuerySchema = z.object({
  limit: limit(200, 50),
  before: cursorParam(2, ([at, id]) => isTimestamp(at ?? "") && isInt8Id(id ?? "")).optional(),
});

export const QualityQuerySchema = z.object({ days: limit(400, 90) });

// --- shared blocks -------------------------------------------------------------------------

export const OwnerBlockSchema = z.object({
  verified: z.boolean(),
  method: z.enum(["remote_host", "repository_owner"]).nullable(),
  evidence: z.unknown(),
  verified_at: timestamp.nullable(),
});
export type OwnerBlock = z.infer<typeof OwnerBlockSchema>;

/** Trust score and flags; `evidence` holds what each flag rests on, when recorded. */
export const TrustBlockSchema = z.object({
  score: z.number().int().min(0).max(100),
  flags: z.array(z.string()),
  evidence: z.record(z.string(), z.unknown()),
});

export const ToolEntrySchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()).optional(),
  output_schema: z.record(z.string(), z.unknown()).nullable().optional(),
  annotations: z.record(z.string(), z.unknown()),
  source: z.enum(TOOL_SOURCES),
  observed_at: timestamp,
  /** Tokens of the definition as a client sends it (o200k_base); null until counted. */
  tokens: z.number().int().min(0).nullable(),
});
export type ToolEntry = z.infer<typeof ToolEntrySchema>;

const InputSummarySchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  secret: z.boolean(),
});

/**
 * An npm or PyPI package's newest version on its registry (deps.dev's default) beside the listed
 * one; `behind` says why the listing is behind (docs/trust.md, listing_behind_package).
 */
export const PackageNewestSchema = z.object({
  version: z.string(),
  published_at: timestamp.nullable(),
  listed_published_at: timestamp.nullable(),
  behind: z.enum(["major", "stale"]).nullable(),
});
export type PackageNewest = z.infer<typeof PackageNewestSchema>;

// --- bodies --------------------------------------------------------------------------------

/** GET /v1/servers/{name}. */
export const ServerDescriptorSchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string(),
  version: z.string().nullable(),
  status: z.enum(["active", "deprecated", "deleted"]),
  published_at: timestamp.nullable(),
  first_published_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
  website_url: z.string().nullable(),
  repository: z
    .object({ url: z.string(), source: z.string().nullable(), subfolder: z.string().nullable() })
    .nullable(),
  icons: z.array(
    z.object({
      src: z.string(),
      mime_type: z.string().nullable(),
      sizes: z.array(z.string()),
      theme: z.string().nullable(),
    }),
  ),
  remotes: z.array(
    z.object({
      type: z.string(),
      url: z.string(),
      templated: z.boolean(),
      headers: z.array(InputSummarySchema),
      /**
       * What the latest probe found (ACCESS_CLASSES): `late_gate` answers MCP but lists its tools
       * only after sign-in; null when never probed or the probe could not tell.
       */
      access: z.enum(ACCESS_CLASSES).nullable(),
      /** The server card (SEP-2127) the latest probe read, against this listing; null when none was read. */
      server_card: ServerCardComparisonSchema.nullable(),
    }),
  ),
  packages: z.array(
    z.object({
      registry_type: z.string(),
      identifier: z.string(),
      version: z.string().nullable(),
      transport: z.string(),
      environment_variables: z.array(InputSummarySchema),
      /** npm and PyPI only, once ingest has read the package from deps.dev; else null. */
      newest: PackageNewestSchema.nullable(),
    }),
  ),
  connection: z.object({
    class: z.enum(CONNECTION_CLASSES),
    autonomous: z.boolean(),
    human_steps: z.array(z.string()),
    reason: z.string().nullable(),
    targets: z.array(z.enum(CONNECTION_TARGETS)),
  }),
  categories: z.array(z.string()),
  trust: TrustBlockSchema,
  quality: QualityBlockSchema,
  owner: OwnerBlockSchema,
  blocked: z.boolean(),
  tool_count: z.number().int(),
  /** Tokens of all current tool definitions (o200k_base); null until counted. */
  tool_tokens: z.number().int().min(0).nullable(),
  tools: z.array(ToolEntrySchema),
  next_actions: z.array(NextActionSchema),
});
export type ServerDescriptor = z.infer<typeof ServerDescriptorSchema>;

/** GET /v1/servers/{name}/tools. */
export const ToolListBodySchema = z.object({
  server: z.string(),
  count: z.number().int(),
  tools: z.array(ToolEntrySchema),
  next_cursor: z.string().nullable(),
  next_actions: z.array(NextActionSchema),
});
export type ToolListBody = z.infer<typeof ToolListBodySchema>;

export const ToolHistoryEntrySchema = z.object({
  tool: z.string(),
  /** `renamed`: a removed tool re-added under a new name with a near-identical definition. */
  kind: z.enum(["added", "removed", "changed", "renamed"]),
  /** For a rename: the name the tool had before. */
  renamed_from: z.string().optional(),
  observed_at: timestamp,
  fields: z.array(z.string()),
  description_before: z.string().optional(),
  description_after: z.string().optional(),
  description_similarity: z.number().nullable(),
  hash_before: z.string().nullable(),
  hash_after: z.string().nullable(),
});

/** GET /v1/servers/{name}/tools/history: newest first. */
export const ToolHistoryBodySchema = z.object({
  server: z.string(),
  count: z.number().int(),
  entries: z.array(ToolHistoryEntrySchema),
  next_before: z.string().nullable(),
  next_actions: z.array(NextActionSchema),
});
export type ToolHistoryBody = z.infer<typeof ToolHistoryBodySchema>;

/** GET /v1/servers/{name}/quality. */
export const QualityBodySchema = QualityBlockSchema.extend({
  server: z.string(),
  days: z.number().int(),
  history: z.array(
    z.object({
      day: z.iso.date(),
      score: z.number().int().nullable(),
      label: z.enum(QUALITY_LABELS),
    }),
  ),
  blocked: z.boolean(),
  owner: OwnerBlockSchema,
  next_actions: z.array(NextActionSchema),
});
export type QualityBody = z.infer<typeof QualityBodySchema>;

/** The official MCP SDK found in a package's dependency graph (stored in dependency_reports.mcp_sdk). */
export const McpSdkSchema = z.object({
  present: z.boolean(),
  package: z.string().nullable(),
  version: z.string().nullable(),
});
export type McpSdk = z.infer<typeof McpSdkSchema>;

export const AdvisorySchema = z.object({
  id: z.string(),
  severity: z.string(),
  summary: z.string(),
  package: z.string(),
  version: z.string(),
  relation: z.enum(["direct", "indirect"]),
  fixed_in: z.string().nullable(),
  url: z.string(),
});

export const DEPENDENCY_ATTRIBUTION =
  "Dependency graphs from deps.dev (Open Source Insights, Google); advisories from OSV (osv.dev).";

/** GET /v1/servers/{name}/dependencies: one entry per npm or PyPI package of the latest version. */
export const DependenciesBodySchema = z.object({
  server: z.string(),
  packages: z.array(
    z.object({
      ecosystem: z.enum(["npm", "pypi"]),
      package: z.string(),
      version: z.string().nullable(),
      status: z.enum(DEPENDENCY_STATUSES),
      dependency_count: z.number().int(),
      mcp_sdk: McpSdkSchema.nullable(),
      advisories: z.array(AdvisorySchema),
      resolved_at: timestamp.nullable(),
      attribution: z.string(),
    }),
  ),
  next_actions: z.array(NextActionSchema),
});
export type DependenciesBody = z.infer<typeof DependenciesBodySchema>;

/** GET /v1/categories. */
export const CategoriesBodySchema = z.object({
  categories: z.array(z.object({ id: z.string(), title: z.string(), description: z.string() })),
  next_actions: z.array(NextActionSchema),
});
export type CategoriesBody = z.infer<typeof CategoriesBodySchema>;

// --- errors of the server resources --------------------------------------------------------

export const ServerNotFoundBodySchema = z.object({
  error: z.literal("server_not_found"),
  next_actions: z.array(NextActionSchema),
});
export const BlockedBodySchema = z.object({
  error: z.literal("blocked"),
  reason: z.string(),
  next_actions: z.array(NextActionSchema),
});
export const DeletedBodySchema = z.object({
  error: z.literal("deleted"),
  deleted_at: timestamp,
  next_actions: z.array(NextActionSchema),
});
export const NoConnectionBodySchema = z.object({
  error: z.literal("no_connection"),
  reason: z.string(),
  next_actions: z.array(NextActionSchema),
});
