import { z } from "zod";

/** A blocklist entry names one server (`<namespace>/<name>`) or a whole namespace (`<namespace>/*`). */
export const BlocklistNameSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9.-]+\/(?:[a-zA-Z0-9._-]+|\*)$/, {
    error: "expected a server name <namespace>/<name> or a namespace <namespace>/*",
  })
  .max(200);

/** POST /admin/blocklist. */
export const BlocklistAddSchema = z.object({
  name: BlocklistNameSchema,
  reason: z.string().trim().min(1, { error: "say why the listing is blocked" }).max(500),
});

/** DELETE /admin/blocklist?name=... */
export const BlocklistRemoveQuerySchema = z.object({ name: BlocklistNameSchema });

export const BlocklistEntrySchema = z.object({
  name: z.string(),
  reason: z.string(),
  created_by: z.string(),
  created_at: z.iso.datetime(),
});
export type BlocklistEntry = z.infer<typeof BlocklistEntrySchema>;

/** GET /admin/blocklist. */
export const BlocklistBodySchema = z.object({ entries: z.array(BlocklistEntrySchema) });
