import { z } from "zod";
import { ProbeToolSchema } from "./probe.js";
import { PACKAGE_NAME_RULES } from "./package-names.js";
import { INTROSPECTION_OUTCOMES, PACKAGE_REGISTRY_TYPES } from "./vocabulary.js";

/** A package as a check names it and an introspection reports it: registry, identifier, version. */
export const PackageRefSchema = z.object({
  registry_type: z.enum(PACKAGE_REGISTRY_TYPES),
  identifier: z.string(),
  /** The version installed (or asked for); null when the registry's newest was meant. */
  version: z.string().nullable(),
});
export type PackageRef = z.infer<typeof PackageRefSchema>;

/** A package a check is asked for: its identifier and version held to its registry's rules. */
export const PackageRequestSchema = z
  .object({
    registry_type: z.enum(PACKAGE_REGISTRY_TYPES),
    identifier: z.string().min(1).max(2048),
    version: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .meta({ description: "An exact version; the newest when absent." }),
  })
  .superRefine((pkg, ctx) => {
    const rule = PACKAGE_NAME_RULES[pkg.registry_type];
    if (!rule.identifier(pkg.identifier))
      ctx.addIssue({ code: "custom", path: ["identifier"], message: `is not ${rule.names}` });
    if (pkg.version !== undefined && !rule.version(pkg.version))
      ctx.addIssue({
        code: "custom",
        path: ["version"],
        message: `is not an exact version of ${pkg.registry_type}`,
      });
  });
export type PackageRequest = z.infer<typeof PackageRequestSchema>;

/** A requested package as a check stores and shows it: no version is the registry's newest. */
export function packageRef(pkg: PackageRequest): PackageRef {
  return { registry_type: pkg.registry_type, identifier: pkg.identifier, version: pkg.version ?? null };
}

/**
 * What starting a package in the sandbox showed (the packaged twin of a URL probe's result):
 * the outcome and why, what it listed (tools without schemas, as a probe reports them; prompts
 * and resources by name), who it said it was, and the inputs given placeholders.
 */
export const PackageProbeResultSchema = z.object({
  package: PackageRefSchema,
  outcome: z.enum(INTROSPECTION_OUTCOMES),
  /** One sentence on why the outcome is what it is. */
  detail: z.string(),
  protocol_version: z.string().nullable(),
  server_info: z.object({ name: z.string(), version: z.string() }).nullable(),
  instructions: z.string().nullable(),
  tools: z.array(ProbeToolSchema),
  tool_count: z.number().int(),
  prompts: z.array(z.string()),
  resources: z.array(z.string()),
  /** Environment variables and arguments given placeholder values instead of real ones. */
  placeholders: z.array(z.string()),
  /** The last lines of the server's standard error, scrubbed of secrets. */
  stderr: z.array(z.string()),
  timings: z.object({
    install_ms: z.number().int().nullable(),
    start_ms: z.number().int().nullable(),
    total_ms: z.number().int(),
  }),
  started_at: z.iso.datetime(),
  finished_at: z.iso.datetime(),
});
export type PackageProbeResult = z.infer<typeof PackageProbeResultSchema>;
