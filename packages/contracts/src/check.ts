import { z } from "zod";
import { wholeNumber } from "./explain.js";
import { NextActionSchema } from "./next-actions.js";
import { ProbeResultSchema } from "./probe.js";
import { ServerCardComparisonSchema } from "./server-card.js";
import { QualityBlockSchema, ReadinessDirectorySchema } from "./quality.js";
import { CHECK_STATES } from "./vocabulary.js";

export const CHECK_MAX_WAIT_SECONDS = 25;

/** Body of POST /v1/check. */
export const CheckRequestSchema = z.object({ url: z.string().min(1).max(4096) });

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

/** What a finished check found: the probe, the quality checks, the directory readiness and the tool risk. */
export const CheckResultSchema = z.object({
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
export type CheckResult = z.infer<typeof CheckResultSchema>;

export const CheckBodySchema = z.object({
  id: z.string(),
  url: z.string(),
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
