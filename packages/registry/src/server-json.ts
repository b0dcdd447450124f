import { z } from "zod";

/**
 * The parts of server.json the catalog reads. Objects are loose: every field upstream sends is
 * kept, including ones newer schemas add, because the mirror re-serves entries losslessly.
 */
export const InputSchema = z.looseObject({
  name: z.string().optional(),
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  format: z.string().optional(),
  default: z.string().optional(),
  placeholder: z.string().optional(),
  value: z.string().optional(),
  valueHint: z.string().optional(),
  type: z.string().optional(),
  choices: z.array(z.string()).optional(),
  variables: z.record(z.string(), z.looseObject({})).optional(),
});
export type Input = z.infer<typeof InputSchema>;

export const TransportSchema = z.looseObject({
  type: z.string(),
  url: z.string().optional(),
  headers: z.array(InputSchema).optional(),
  variables: z.record(z.string(), InputSchema).optional(),
});

export const RemoteSchema = z.looseObject({
  type: z.string(),
  url: z.string(),
  headers: z.array(InputSchema).optional(),
  variables: z.record(z.string(), InputSchema).optional(),
});
export type Remote = z.infer<typeof RemoteSchema>;

export const PackageSchema = z.looseObject({
  registryType: z.string(),
  registryBaseUrl: z.string().optional(),
  identifier: z.string(),
  version: z.string().optional(),
  runtimeHint: z.string().optional(),
  transport: TransportSchema.optional(),
  runtimeArguments: z.array(InputSchema).optional(),
  packageArguments: z.array(InputSchema).optional(),
  environmentVariables: z.array(InputSchema).optional(),
  fileSha256: z.string().optional(),
});
export type Package = z.infer<typeof PackageSchema>;

export const RepositorySchema = z.looseObject({
  url: z.string().optional(),
  source: z.string().optional(),
  id: z.string().optional(),
  subfolder: z.string().optional(),
});

export const IconSchema = z.looseObject({ src: z.string() });

export const ServerJsonSchema = z.looseObject({
  $schema: z.string().optional(),
  name: z.string().min(3).max(200),
  description: z.string().default(""),
  title: z.string().optional(),
  version: z.string().min(1),
  websiteUrl: z.string().optional(),
  repository: RepositorySchema.optional(),
  icons: z.array(IconSchema).optional(),
  packages: z.array(PackageSchema).optional(),
  remotes: z.array(RemoteSchema).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type ServerJson = z.infer<typeof ServerJsonSchema>;

/** The repository URL, treating the old `"repository": {}` serialization quirk as absent. */
export function repositoryUrl(server: ServerJson): string | undefined {
  const url = server.repository?.url;
  return url && url.trim() !== "" ? url : undefined;
}

/** Whether a URL or value holds `{variable}` references that a user must fill in. */
export function isTemplated(text: string): boolean {
  return /\{[^}]+\}/.test(text);
}
