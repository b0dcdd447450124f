import { z } from "zod";

export const OFFICIAL_META_KEY = "io.modelcontextprotocol.registry/official";

export const ServerStatusSchema = z.enum(["active", "deprecated", "deleted"]);
export type ServerStatus = z.infer<typeof ServerStatusSchema>;

/** The registry's own `_meta` entry on every listed version. */
export const OfficialMetaSchema = z.looseObject({
  status: ServerStatusSchema.default("active"),
  statusChangedAt: z.iso.datetime({ offset: true }).optional(),
  statusMessage: z.string().optional(),
  publishedAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  isLatest: z.boolean(),
});
export type OfficialMeta = z.infer<typeof OfficialMetaSchema>;
