import { z } from "zod";
import { NextActionSchema } from "./next-actions.js";

/** Every REST error: a code, optional details, and what to do instead. */
export const ErrorBodySchema = z.looseObject({
  error: z.string(),
  next_actions: z.array(NextActionSchema),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** 400 bad_request: zod's flattened field errors. */
export const BadRequestBodySchema = ErrorBodySchema.extend({
  error: z.literal("bad_request"),
  issues: z.object({ fieldErrors: z.record(z.string(), z.array(z.string())) }),
});

/** The registry passthrough keeps the official API's RFC 9457 problem bodies. */
export const ProblemSchema = z.object({
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z
    .array(z.object({ message: z.string(), location: z.string(), value: z.unknown().optional() }))
    .optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
