import { z } from "zod";
import { wholeNumber } from "./explain.js";
import { PackageProbeResultSchema, PackageRefSchema, PackageRequestSchema } from "./introspection.js";
import { NextActionSchema } from "./next-actions.js";
import { ProbeResultSchema } from "./probe.js";
import { ServerCardComparisonSchema } from "./server-card.js";
import { QualityBlockSchema, ReadinessDirectorySchema } from "./quality.js";
import { CHECK_STATES } from "./vocabulary.js";

export const CHECK_MAX_WAIT_SECONDS = 25;

/** Body of POST /v1/check: a remote's URL to probe, or a package to start in the sandbox. */
export const CheckRequestSchema = z
  .object({
    url: z.string().min(1).max(4096).optional().meta({ description: "A remote MCP server URL (https)." }),
    package: PackageRequestSchema.optional().meta({
      description: "A package to install and start in the sandbox, instead of a URL.",
    }),
  })
  .refine((body) => (body.url === undefined) !== (body.package === undefined), {
    path: ["url"],
    error: "or package must be given, not both",
  })
  .meta({ description: "Exactly one of `url` and `package`." });
export type CheckRequest = z.infer<typeof CheckRequestSchema>;

/** `wait`: seconds to hold the request for the result (0 answers at once). */
export const CheckWaitQuerySchema = z.object({
  wait: wholeNumber(0, CHECK_MAX_WAIT_SECONDS).default(0),
});

/** A tool-risk finding as a report shows it (packages/tool-risk; docs/tool-risk.md). */
export const ToolFindingSchema = z.object({
  tool: z.string(),
  detector: z.string(),
  rule: z.string(),
  severity: z.enum(["low", "medium", "high"]),
  field: z.string(),
  excerpt: z.string(),
});

/** What the listed tools say to the model: the flags they would raise, with their findings. */
export const CheckToolRiskSchema = z.object({
  flags: z.array(z.enum(["tool_poisoning", "hidden_content", "annotation_mismatch", "lethal_trifecta"])),
  findings: z.array(ToolFindingSchema),
  /** The tools that read private data, take in untrusted content and send data out, when all three are there. */
  trifecta: z
    .object({
      private_data: z.array(z.string()),
      untrusted_content: z.array(z.string()),
      external_send: z.array(z.string()),
    })
    .nullable(),
});
export type CheckToolRisk = z.infer<typeof CheckToolRiskSchema>;

/** What a finished check of a URL found: the probe, the quality checks, the directory readiness and the tool risk. */
const UrlCheckResultSchema = z.object({
  probe: ProbeResultSchema,
  quality: QualityBlockSchema,
  readiness: z.array(ReadinessDirectorySchema),
  /** Absent in checks finished before tool risk was assessed. */
  tool_risk: CheckToolRiskSchema.optional(),
  /**
   * The server card the probe read, against the catalog listing of the URL's server (only its
   * embedded tool surface counts for a URL the catalog does not list); null when no card was
   * read; absent in checks finished before cards were read.
   */
  server_card: ServerCardComparisonSchema.nullable().optional(),
});
export type UrlCheckResult = z.infer<typeof UrlCheckResultSchema>;

/**
 * What a finished check of a package found: what starting it showed and the tool risk of what it
 * listed. The quality checks, directory readiness and server card are about a remote's
 * transport, sign-in and URL, which a package started over stdio does not have.
 */
const PackageCheckResultSchema = z.object({
  probe: PackageProbeResultSchema,
  tool_risk: CheckToolRiskSchema,
});
export type PackageCheckResult = z.infer<typeof PackageCheckResultSchema>;

export const CheckResultSchema = z.union([UrlCheckResultSchema, PackageCheckResultSchema]);
export type CheckResult = z.infer<typeof CheckResultSchema>;

/** Whether a check's result is of a package (else of a URL). */
export function isPackageCheckResult(result: CheckResult): result is PackageCheckResult {
  return "package" in result.probe;
}

export const CheckBodySchema = z.object({
  id: z.string(),
  /** The URL checked; null for a check of a package. */
  url: z.string().nullable(),
  /** The package checked (only on a check of a package). */
  package: PackageRefSchema.optional(),
  status: z.enum(CHECK_STATES),
  /** The catalog server this URL is a remote of, if any. */
  server: z.string().nullable(),
  /** The shareable HTML report. */
  page: z.string(),
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
  result: CheckResultSchema.optional(),
  next_actions: z.array(NextActionSchema),
});
export type CheckBody = z.infer<typeof CheckBodySchema>;
