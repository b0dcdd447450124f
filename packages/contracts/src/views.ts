import { z } from "zod";
import { NextActionSchema } from "./next-actions.js";
import { CONNECTION_CLASSES, TRUST_FLAGS } from "./vocabulary.js";

/** Advisory severities from the least to the most severe (OSV's ratings, as the dependency reports hold them). */
export const ADVISORY_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type AdvisorySeverity = (typeof ADVISORY_SEVERITIES)[number];

/** A view's name: its path segment under /views. */
export const ViewNameSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, {
  error: "a view name is lower-case letters, digits and dashes (1 to 63)",
});

/** A server name, or `<namespace>/*` for every server of a namespace. */
export const NamePatternSchema = z
  .string()
  .regex(/^[A-Za-z0-9.-]+\/(\*|[A-Za-z0-9._-]+)$/, { error: "a server name or <namespace>/*" });

/**
 * A view's policy: a server is in the view when it is pinned, or when no deny pattern names it,
 * an allow pattern names it (when there are any) and it meets every rule given.
 */
export const ViewRulesSchema = z.strictObject({
  min_trust: z.number().int().min(0).max(100).optional(),
  require_flags: z.array(z.enum(TRUST_FLAGS)).min(1).optional(),
  exclude_flags: z.array(z.enum(TRUST_FLAGS)).min(1).optional(),
  classes: z.array(z.enum(CONNECTION_CLASSES)).min(1).optional(),
  /** A probe of one of its remotes succeeded within this many days. */
  reachable_within_days: z.number().int().min(1).max(365).optional(),
  /** No known advisory of its packages' dependencies at or above this severity. */
  no_advisory_at_or_above: z.enum(ADVISORY_SEVERITIES).optional(),
  /** Its owner's namespace was verified. */
  owner_verified: z.literal(true).optional(),
  /** Its tool definitions were counted at no more than this many tokens. */
  max_tokens: z.number().int().min(0).optional(),
  allow_names: z.array(NamePatternSchema).min(1).optional(),
  deny_names: z.array(NamePatternSchema).min(1).optional(),
  /**
   * In the view whatever the rules say: a name, or `{name, version}` to serve that version of it
   * as its only (and latest) one.
   */
  pinned: z
    .array(
      z.union([z.string().min(1), z.strictObject({ name: z.string().min(1), version: z.string().min(1) })]),
    )
    .min(1)
    .optional(),
});
export type ViewRules = z.infer<typeof ViewRulesSchema>;

/** A view as it is defined: built in, or by an operator (VIEWS_FILE). */
export const ViewDefinitionSchema = z.strictObject({
  name: ViewNameSchema,
  title: z.string().min(1).max(100),
  description: z.string().max(1000),
  rules: ViewRulesSchema,
});
export type ViewDefinition = z.infer<typeof ViewDefinitionSchema>;

/** PUT /admin/views/{view}: everything of a view but its name. */
export const ViewUpdateSchema = ViewDefinitionSchema.omit({ name: true });

/** A view as the admin API answers it. */
export const ViewBodySchema = ViewDefinitionSchema.extend({ builtin: z.boolean() });

/** The operators' views file (YAML or JSON): a list of view definitions. */
export const ViewsFileSchema = z.object({ views: z.array(ViewDefinitionSchema) });

/** GET /v1/views. */
export const ViewsBodySchema = z.object({
  views: z.array(
    ViewDefinitionSchema.extend({
      builtin: z.boolean(),
      /** Servers in the view now. */
      servers: z.number().int().min(0),
    }),
  ),
  next_actions: z.array(NextActionSchema),
});
export type ViewsBody = z.infer<typeof ViewsBodySchema>;

/** The clients a view can be exported for, as the allow-list each reads. */
export const VIEW_EXPORT_CLIENTS = ["claude-code", "copilot", "gemini", "vscode"] as const;
export type ViewExportClient = (typeof VIEW_EXPORT_CLIENTS)[number];

/** A server of the view that the client's allow-list cannot express, and why. */
export const OmittedServerSchema = z.object({ name: z.string(), reason: z.string() });

/** GET /v1/views/{view}/export/{client}: a view as the file the client reads its allow-list from. */
export const ViewExportBodySchema = z.object({
  view: ViewNameSchema,
  client: z.enum(VIEW_EXPORT_CLIENTS),
  /** Where the client reads the file, by platform (empty when it is set through a policy tool). */
  paths: z.object({ linux: z.string(), macos: z.string(), windows: z.string() }).partial(),
  /** The file's content. */
  file: z.record(z.string(), z.unknown()),
  /** Servers in the view now. */
  servers: z.number().int().min(0),
  omitted: z.array(OmittedServerSchema),
  /** How the client applies the file: what it matches and what users can still change. */
  notes: z.array(z.string()),
  next_actions: z.array(NextActionSchema),
});
export type ViewExportBody = z.infer<typeof ViewExportBodySchema>;
