import { z } from "zod";
import {
  CHECK_STATUSES,
  QUALITY_CHECK_IDS,
  QUALITY_LABELS,
  READINESS_DIRECTORIES,
  READINESS_STATUSES,
} from "./vocabulary.js";

/** One quality check (DECISIONS.md section 4): the same ids for catalog servers and checks. */
export const QualityCheckSchema = z.object({
  id: z.enum(QUALITY_CHECK_IDS),
  status: z.enum(CHECK_STATUSES),
  weight: z.number().int(),
  detail: z.string(),
});
export type QualityCheck = z.infer<typeof QualityCheckSchema>;

/**
 * `{score, label, checks, assessed_at}`: score null when no check applied, and label unrated with
 * assessed_at null for a catalog server never assessed yet.
 */
export const QualityBlockSchema = z.object({
  score: z.number().int().min(0).max(100).nullable(),
  label: z.enum(QUALITY_LABELS),
  checks: z.array(QualityCheckSchema),
  assessed_at: z.iso.datetime().nullable(),
});
export type QualityBlock = z.infer<typeof QualityBlockSchema>;

export const ReadinessRequirementSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(READINESS_STATUSES),
  detail: z.string(),
  /** URL of the directory's published rule. */
  source: z.string(),
});
export type ReadinessRequirement = z.infer<typeof ReadinessRequirementSchema>;

/** One client directory's requirements, every one of them, with a count per status. */
export const ReadinessDirectorySchema = z.object({
  directory: z.enum(READINESS_DIRECTORIES),
  title: z.string(),
  counts: z.record(z.enum(READINESS_STATUSES), z.number().int()),
  requirements: z.array(ReadinessRequirementSchema),
});
export type ReadinessDirectory = z.infer<typeof ReadinessDirectorySchema>;
