import type { Connection, Placeholder } from "@catalog/client-configs";
import type { ConnectionTarget } from "@catalog/contracts";
import { Ajv, type ValidateFunction } from "ajv";
import { parse } from "yaml";
import { checkTarget, type Accepted, type Checked } from "./catalog.js";
import { Differences, envSecrets, marker, type Form } from "./intent.js";

/**
 * VS Code, Cursor, Goose and Antigravity have no client that runs here: each config is validated
 * against a JSON Schema written from the client's documentation (/work/shared/reference
 * 02_vscode.md, 03_cursor.md, 07_goose.md, 13_allowlists_clients_access_2026.md), then read the way that client reads it and compared with the
 * intent. No process per server, so every server is checked on every run.
 */
const text = { type: "string", minLength: 1 };
const strings = { type: "object", additionalProperties: { type: "string" } };
const list = { type: "array", items: { type: "string" } };

/**
 * `.vscode/mcp.json`: `servers` (not mcpServers) and promptString `inputs`. The reference's
 * name pattern (^[a-zA-Z][a-zA-Z0-9_-]*$, from schemastore) is a convention VS Code does not
 * enforce, so it is not part of the schema.
 */
const VSCODE = {
  type: "object",
  required: ["servers"],
  additionalProperties: false,
  properties: {
    inputs: {
      type: "array",
      items: {
        type: "object",
        required: ["type", "id", "description"],
        additionalProperties: false,
        properties: {
          type: { const: "promptString" },
          id: text,
          description: { type: "string" },
          password: { type: "boolean" },
        },
      },
    },
    servers: {
      type: "object",
      additionalProperties: {
        oneOf: [
          {
            type: "object",
            required: ["type", "command"],
            additionalProperties: false,
            properties: {
              type: { const: "stdio" },
              command: text,
              args: list,
              env: strings,
              envFile: text,
              sandboxEnabled: { type: "boolean" },
              sandbox: { type: "object" },
              dev: { type: "object" },
            },
          },
          {
            type: "object",
            required: ["type", "url"],
            additionalProperties: false,
            properties: { type: { enum: ["http", "sse"] }, url: text, headers: strings },
          },
        ],
      },
    },
  },
};

/** Cursor's mcp.json: `mcpServers`, the transport inferred (command: stdio; url: HTTP or SSE). */
const CURSOR = {
  type: "object",
  required: ["mcpServers"],
  additionalProperties: false,
  properties: {
    mcpServers: {
      type: "object",
      additionalProperties: {
        oneOf: [
          {
            type: "object",
            required: ["command"],
            additionalProperties: false,
            properties: { type: { const: "stdio" }, command: text, args: list, env: strings, envFile: text },
          },
          {
            type: "object",
            required: ["url"],
            additionalProperties: false,
            properties: {
              type: { enum: ["sse", "streamable-http", "http"] },
              url: text,
              headers: strings,
              auth: {
                type: "object",
                additionalProperties: false,
                properties: { CLIENT_ID: text, CLIENT_SECRET: text, scopes: list },
              },
            },
          },
        ],
      },
    },
  },
};

/**
 * Antigravity's mcp_config.json (~/.gemini/antigravity/, reference 13): `mcpServers`, a local
 * server as `command`/`args`/`env`, a remote as `serverUrl` (not `url` or `httpUrl`) with
 * optional `headers`. No field beyond those the reference names is allowed, so a `url` or a
 * `type` written by mistake fails.
 */
const ANTIGRAVITY = {
  type: "object",
  required: ["mcpServers"],
  additionalProperties: false,
  properties: {
    mcpServers: {
      type: "object",
      additionalProperties: {
        oneOf: [
          {
            type: "object",
            required: ["command"],
            additionalProperties: false,
            properties: { command: text, args: list, env: strings },
          },
          {
            type: "object",
            required: ["serverUrl"],
            additionalProperties: false,
            properties: { serverUrl: text, headers: strings },
          },
        ],
      },
    },
  },
};

/** Fields every Goose extension variant shares (ExtensionConfig, serde tag "type"). */
const GOOSE_COMMON = {
  enabled: { type: "boolean" },
  name: text,
  description: { type: "string" },
  display_name: { type: "string" },
  timeout: { type: "integer", minimum: 1 },
  bundled: { type: "boolean" },
  available_tools: list,
  envs: strings,
  env_keys: list,
};

/** Goose's config.yaml `extensions`: stdio and streamable_http (Goose has dropped SSE). */
const GOOSE = {
  type: "object",
  required: ["extensions"],
  additionalProperties: false,
  properties: {
    extensions: {
      type: "object",
      additionalProperties: {
        oneOf: [
          {
            type: "object",
            required: ["enabled", "type", "name", "cmd", "args"],
            additionalProperties: false,
            properties: { ...GOOSE_COMMON, type: { const: "stdio" }, cmd: text, args: list, cwd: text },
          },
          {
            type: "object",
            required: ["enabled", "type", "name", "uri"],
            additionalProperties: false,
            properties: { ...GOOSE_COMMON, type: { const: "streamable_http" }, uri: text, headers: strings },
          },
        ],
      },
    },
  },
};

const ajv = new Ajv({ allErrors: true });

type Reader = (connection: Connection, d: Differences) => void;

const schemaTest = (
  target: ConnectionTarget,
  schema: object,
  read: (c: Connection) => unknown,
  check: Reader,
) =>
  test(`${target}: the config fits the documented format and says what is intended`, () =>
    checkTarget(target, {
      client: "written schema",
      verify: async (entries) => entries.map(validated(ajv.compile(schema), read, check)),
    }));

function validated(validate: ValidateFunction, read: (c: Connection) => unknown, check: Reader) {
  return (entry: Accepted): Checked => {
    const document = read(entry.connection);
    if (!validate(document)) {
      const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
      return { entry, problems, output: JSON.stringify(document, null, 2) };
    }
    const d = new Differences([]);
    check(entry.connection, d);
    return { entry, problems: d.problems, output: JSON.stringify(document, null, 2) };
  };
}

type Entry = Record<string, unknown>;

/** Reads a server entry as VS Code, Cursor or Goose does: its endpoint in that format's fields. */
function compareEntry(
  d: Differences,
  connection: Connection,
  server: Entry,
  fields: { command: string; url: string; types: [stdio: string, http: string, sse?: string] },
): void {
  const { endpoint } = connection;
  const [stdio, http, sse] = fields.types;
  if (endpoint.kind === "remote") {
    if (http) d.equal("type", server.type, endpoint.transport === "sse" ? sse : http);
    d.value(fields.url, server[fields.url], endpoint.url);
    d.named("headers", server.headers, endpoint.headers);
  } else if (endpoint.kind === "package") {
    if (stdio) d.equal("type", server.type, stdio);
    d.equal(fields.command, server[fields.command], endpoint.command);
    d.list("args", server.args, endpoint.args);
  } else d.add("an MCPB bundle is no server entry");
}

/** `${input:id}` for a declared input about the placeholder (same description and secrecy). */
function vscodeInputs(inputs: Entry[]): Form {
  return (p: Placeholder) => {
    const input = inputs.find((i) => i.description === p.description && i.password === p.secret);
    return input ? `\${input:${String(input.id)}}` : "\0no input asks for it\0";
  };
}

const envRef: Form = (p) => `\${env:${p.name}}`;

schemaTest(
  "vscode",
  VSCODE,
  (c) => c.config,
  (connection, d) => {
    const config = connection.config as { servers: Record<string, Entry>; inputs?: Entry[] };
    const server = config.servers[connection.key] ?? {};
    const inputs = config.inputs ?? [];
    const forms = new Differences([vscodeInputs(inputs), envRef, marker]);
    compareEntry(forms, connection, server, {
      command: "command",
      url: "url",
      types: ["stdio", "http", "sse"],
    });
    if (connection.endpoint.kind === "package") forms.named("env", server.env, connection.endpoint.env);
    const used = JSON.stringify(config.servers);
    for (const input of inputs) {
      if (!used.includes(`\${input:${String(input.id)}}`))
        forms.add(`input ${String(input.id)} is never used`);
    }
    d.problems.push(...forms.problems);
  },
);

schemaTest(
  "cursor",
  CURSOR,
  (c) => c.config,
  (connection, d) => {
    const server =
      (connection.config as { mcpServers: Record<string, Entry> }).mcpServers[connection.key] ?? {};
    const forms = new Differences([envRef, marker]);
    compareEntry(forms, connection, server, { command: "command", url: "url", types: ["", ""] });
    if (connection.endpoint.kind === "package") forms.named("env", server.env, connection.endpoint.env);
    d.problems.push(...forms.problems);
    deeplinkDifferences(d, connection, server);
  },
);

/** cursor://anysphere.cursor-deeplink/mcp/install?name=<key>&config=<base64 of the inner server>. */
function deeplinkDifferences(d: Differences, connection: Connection, server: Entry): void {
  const link = new URL(connection.deeplink ?? "cursor://missing");
  d.equal(
    "deeplink",
    `${link.protocol}//${link.host}${link.pathname}`,
    "cursor://anysphere.cursor-deeplink/mcp/install",
  );
  d.equal("deeplink name", link.searchParams.get("name"), connection.key);
  const config = Buffer.from(link.searchParams.get("config") ?? "", "base64").toString("utf8");
  d.equal("deeplink config", config && JSON.parse(config), server);
}

schemaTest(
  "goose",
  GOOSE,
  (c) => parse(c.config as string),
  (connection, d) => {
    const extension = (parse(connection.config as string) as { extensions: Record<string, Entry> })
      .extensions[connection.key]!;
    const forms = new Differences([marker]);
    compareEntry(forms, connection, extension, {
      command: "cmd",
      url: "uri",
      types: ["stdio", "streamable_http"],
    });
    if (connection.endpoint.kind === "package") {
      const keys = (extension.env_keys as string[] | undefined) ?? [];
      forms.namedOrFromEnvironment("env", (extension.envs as Entry) ?? {}, connection.endpoint.env, (name) =>
        keys.includes(name) ? name : undefined,
      );
      for (const name of keys) {
        if (!envSecrets(connection).includes(name))
          forms.add(`env_keys names ${name}, which no step asks for`);
      }
    }
    d.problems.push(...forms.problems);
  },
);

schemaTest(
  "antigravity",
  ANTIGRAVITY,
  (c) => c.config,
  (connection, d) => {
    const server =
      (connection.config as { mcpServers: Record<string, Entry> }).mcpServers[connection.key] ?? {};
    // Antigravity expands no variables (none documented): every placeholder is a marker.
    const forms = new Differences([marker]);
    compareEntry(forms, connection, server, { command: "command", url: "serverUrl", types: ["", ""] });
    if (connection.endpoint.kind === "package") forms.named("env", server.env, connection.endpoint.env);
    for (const secret of connection.secrets) {
      if (secret.where !== "config") forms.add(`${secret.name} is supplied by ${secret.where}, not by hand`);
    }
    d.problems.push(...forms.problems);
  },
);
