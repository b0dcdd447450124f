import { z } from "zod";
import { plainString } from "./text.js";

/**
 * Query of GET /v0.1/servers, as the official API validates it: out-of-range values are 422
 * problems, a bad updated_since is a 400.
 */
export const RegistryListQuerySchema = z.object({
  cursor: plainString().optional(),
  limit: z.coerce
    .number({ error: "expected integer" })
    .int({ error: "expected integer" })
    .min(1)
    .max(100)
    .default(30),
  search: plainString().optional(),
  updated_since: z.string().optional(),
  version: plainString().optional(),
  include_deleted: z.enum(["true", "false"], { error: "expected boolean" }).optional(),
});
export type RegistryListQuery = z.infer<typeof RegistryListQuerySchema>;

export const RegistryVersionsQuerySchema = z.object({
  include_deleted: z.enum(["true", "false"], { error: "expected boolean" }).optional(),
});

/** RFC 3339 date-time, as Go's time.RFC3339 accepts it (offset required, fraction optional). */
export const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

export function parseRfc3339(value: string): Date | undefined {
  if (!RFC3339.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
