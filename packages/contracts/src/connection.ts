import { z } from "zod";
import { NextActionSchema } from "./next-actions.js";
import { CONNECTION_CLASSES, CONNECTION_TARGETS } from "./vocabulary.js";

export const ConnectionQuerySchema = z.object({
  target: z.enum(CONNECTION_TARGETS).default("mcpServers"),
});
export type ConnectionQuery = z.infer<typeof ConnectionQuerySchema>;

/**
 * How the user supplies a value the config refers to: `env` from the environment variable of
 * that name, `prompt` when the client asks for it (VS Code inputs), `config` by replacing the
 * `<NAME>` marker in the config by hand (where the client expands no variables).
 */
export const SECRET_WHERE = ["env", "prompt", "config"] as const;

export const SecretSchema = z.object({
  name: z.string(),
  where: z.enum(SECRET_WHERE),
  secret: z.boolean(),
  description: z.string(),
});

/** How a remote authenticates, when known: none, OAuth, or a credential header. */
export const AUTH_TYPES = ["none", "oauth", "header"] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

/** The OAuth summary the prober stores in `probes.result.auth` and the connection serves. */
export const OAuthMetadataSchema = z.object({
  required: z.boolean(),
  resource_metadata_url: z.string().nullable(),
  resource: z.string().nullable(),
  authorization_servers: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  pkce_s256: z.boolean(),
  client_id_metadata_document_supported: z.boolean(),
  registration_endpoint: z.string().nullable(),
  authorization_endpoint: z.string().nullable(),
  token_endpoint: z.string().nullable(),
});
export type OAuthMetadata = z.infer<typeof OAuthMetadataSchema>;

/** The remote or package the config uses. */
export const ConnectionSourceSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("remote"),
    transport: z.enum(["streamable-http", "sse"]),
    url: z.string(),
  }),
  z.object({
    kind: z.enum(["package", "bundle"]),
    registry_type: z.string(),
    identifier: z.string(),
  }),
]);

/** GET /v1/servers/{name}/connection. */
export const ConnectionBodySchema = z.object({
  server: z.string(),
  key: z.string(),
  /**
   * A unique name to install the server under when `key` is generic (`mcp`, `mcp-server`) and
   * many servers share it; null otherwise. A human step says how to rename the entry.
   */
  install_name: z.string().nullable(),
  kind: z.enum(["remote", "package", "bundle"]),
  class: z.enum(CONNECTION_CLASSES),
  autonomous: z.boolean(),
  human_steps: z.array(z.string()),
  target: z.enum(CONNECTION_TARGETS),
  content_type: z.enum(["application/json", "text/plain"]),
  connection: z.union([z.record(z.string(), z.unknown()), z.string()]),
  deeplink: z.string().optional(),
  /** What to know of the client itself, for targets that have something to say (gemini). */
  notes: z.array(z.string()).optional(),
  source: ConnectionSourceSchema,
  secrets: z.array(SecretSchema),
  auth_type: z.enum(AUTH_TYPES).nullable(),
  oauth: OAuthMetadataSchema.nullable(),
  next_actions: z.array(NextActionSchema),
});
export type ConnectionBody = z.infer<typeof ConnectionBodySchema>;
