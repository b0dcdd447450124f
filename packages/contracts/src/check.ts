import { z } from "zod";
import { wholeNumber } from "./explain.js";
import { NextActionSchema } from "./next-actions.js";
import { ProbeResultSchema } from "./probe.js";
import { QualityBlockSchema, ReadinessDirectorySchema } from "./quality.js";
import { CHECK_STATES } from "./vocabulary.js";

export const CHECK_MAX_WAIT_SECONDS = 25;

/** Body of POST /v1/check. */
export const CheckRequestSchema = z.object({ url: z.string().min(1).max(4096) });

/** `wait`: seconds to hold the request for the result (0 answers at once). */
export const CheckWaitQuerySchema = z.object({
  wait: wholeNumber(0, CHECK_MAX_WAIT_SECONDS).default(0),
});

/** What a finished check found: the probe, the quality checks and the directory readiness. */
export const CheckResultSchema = z.object({
  probe: ProbeResultSchema,
  quality: QualityBlockSchema,
  readiness: z.array(ReadinessDirectorySchema),
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
