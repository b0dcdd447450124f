import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { assessConnectability } from "@catalog/connectability";
import { CONNECTION_TARGETS, type ConnectionTarget } from "@catalog/contracts";
import { ServerJsonSchema } from "@catalog/registry";
import { createHarness, type Harness } from "@catalog/testing";
import { registryEntry, seedCatalog, startGateway, type Gateway } from "../support/read-api.js";

/**
 * Golden files of GET /v1/servers/{name}/connection for every target: one case per kind of
 * server (remotes with OAuth, a secret header or a templated URL, and each package type).
 * Text configs (CLI, TOML, YAML) sit in files of their own beside the rest of the body.
 * UPDATE_GOLDEN=1 rewrites them; review the diff.
 */
const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), "../golden/connections");
const TEXT_EXTENSION: Partial<Record<ConnectionTarget, string>> = {
  "claude-code-cli": "sh",
  "codex-toml": "toml",
  goose: "yaml",
};

const CASES: Record<string, Record<string, unknown>> = {
  "remote-oauth": {
    description: "Issue tracker behind OAuth",
    remotes: [{ type: "streamable-http", url: "https://mcp.tracker.example.com/mcp" }],
  },
  "remote-secret-header": {
    description: "Analytics API with a key header",
    remotes: [
      {
        type: "streamable-http",
        url: "https://api.analytics.example.com/mcp",
        headers: [
          {
            name: "Authorization",
            value: "Bearer {analytics_api_key}",
            isRequired: true,
            isSecret: true,
            variables: {
              analytics_api_key: { description: "API key from the analytics dashboard", isSecret: true },
            },
          },
          { name: "X-Workspace", description: "Workspace id", isRequired: true },
          { name: "X-Client", value: "mcp-catalog" },
        ],
      },
      { type: "sse", url: "https://api.analytics.example.com/sse" },
    ],
  },
  "remote-templated": {
    description: "Per-tenant helpdesk",
    remotes: [
      {
        type: "streamable-http",
        url: "https://{tenant}.helpdesk.example.com/mcp",
        variables: { tenant: { description: "Your helpdesk subdomain", isRequired: true } },
      },
    ],
  },
  npm: {
    description: "Filesystem tools",
    packages: [
      {
        registryType: "npm",
        registryBaseUrl: "https://registry.npmjs.org",
        identifier: "@example/fs-mcp",
        version: "2.1.0",
        transport: { type: "stdio" },
        packageArguments: [
          { type: "named", name: "--mode", value: "readonly" },
          { type: "positional", valueHint: "root_dir", description: "Directory to serve", isRequired: true },
        ],
        environmentVariables: [
          { name: "FS_MCP_TOKEN", description: "Licence token", isRequired: true, isSecret: true },
          { name: "FS_MCP_LOG", description: "Log level", default: "info" },
        ],
      },
    ],
  },
  pypi: {
    description: "Notebook search",
    packages: [
      {
        registryType: "pypi",
        identifier: "notebook-search-mcp",
        version: "0.4.2",
        runtimeHint: "uvx",
        transport: { type: "stdio" },
        packageArguments: [
          {
            type: "named",
            name: "--index",
            value: "{index_path}",
            variables: { index_path: { description: "Index folder", isRequired: true } },
          },
        ],
        environmentVariables: [
          {
            name: "NOTEBOOK_HOST",
            description: "Notebook server",
            isRequired: true,
            default: "http://localhost:8888",
          },
        ],
      },
    ],
  },
  oci: {
    description: "Chart renderer",
    packages: [
      {
        registryType: "oci",
        identifier: "ghcr.io/example/charts-mcp:1.0.3",
        runtimeHint: "docker",
        transport: { type: "stdio" },
        runtimeArguments: [
          { type: "positional", value: "run" },
          { type: "named", name: "-i" },
          {
            type: "named",
            name: "-v",
            value: "{charts_dir}:/charts",
            variables: { charts_dir: { description: "Where charts are written", isRequired: true } },
          },
        ],
        environmentVariables: [
          { name: "CHARTS_API_KEY", description: "Rendering API key", isRequired: true, isSecret: true },
        ],
      },
    ],
  },
  nuget: {
    description: "Weather samples",
    packages: [
      {
        registryType: "nuget",
        registryBaseUrl: "https://api.nuget.org/v3/index.json",
        identifier: "Example.WeatherMcp",
        version: "0.7.0-beta",
        transport: { type: "stdio" },
        packageArguments: [
          { type: "positional", value: "mcp" },
          { type: "positional", value: "start" },
        ],
        environmentVariables: [
          {
            name: "WEATHER_CHOICES",
            value: "{weather_choices}",
            variables: {
              weather_choices: { description: "Comma separated weather words", isRequired: true },
            },
          },
        ],
      },
    ],
  },
  // Defects of issue 17: a generic key, runtime words, an optional secret, a launcher variable.
  mcp: {
    description: "Firebase tools",
    packages: [
      {
        registryType: "npm",
        identifier: "firebase-tools",
        version: "14.27.0",
        transport: { type: "stdio" },
        runtimeArguments: [{ type: "positional", value: "mcp" }],
        environmentVariables: [
          { name: "FIREBASE_TOKEN", description: "CI token, optional", isSecret: true },
          { name: "NPM_CONFIG_REGISTRY", value: "https://npm.mirror.example.com" },
        ],
      },
    ],
  },
  "remote-optional-template": {
    description: "Gateway with an optional templated bearer header",
    remotes: [
      {
        type: "streamable-http",
        url: "https://server.gateway.example.com/@acme/tools/mcp",
        headers: [
          { name: "Authorization", value: "Bearer {gateway_api_key}", description: "Gateway API key" },
        ],
      },
    ],
  },
  "served-http": {
    description: "A container that serves MCP over HTTP",
    remotes: [{ type: "streamable-http", url: "https://served.example.com/mcp" }],
    packages: [
      {
        registryType: "oci",
        identifier: "ghcr.io/example/served-mcp:2.0.0",
        transport: { type: "streamable-http", url: "http://localhost:{port}/mcp" },
        runtimeArguments: [
          { type: "named", name: "-p", value: "8080:8080" },
          { type: "named", name: "--privileged" },
        ],
        packageArguments: [{ type: "named", name: "--port", default: "8080", isRequired: true }],
      },
    ],
  },
  mcpb: {
    description: "Desktop automation bundle",
    packages: [
      {
        registryType: "mcpb",
        identifier: "https://github.com/example/desk-mcp/releases/download/v1.4.0/desk.mcpb",
        fileSha256: "5e4f25e7f21b62974861f055cff90c1aef80d3b8bd1f32e05db744d1cbd67605",
        transport: { type: "stdio" },
      },
    ],
  },
};

const nameOf = (key: string) => `com.example/${key}`;

let h: Harness;
let api: Gateway;

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(
    h,
    Object.entries(CASES).map(([key, server]) => registryEntry({ name: nameOf(key), ...server })),
  );
  // The prober found OAuth with automatic client registration; the catalog re-derived R1 from it.
  const url = "https://mcp.tracker.example.com/mcp";
  await h.db.prisma.probe.create({
    data: {
      serverName: nameOf("remote-oauth"),
      url,
      outcome: "auth_required",
      authRequired: true,
      result: {
        auth: {
          required: true,
          resource_metadata_url: "https://mcp.tracker.example.com/.well-known/oauth-protected-resource/mcp",
          resource: url,
          authorization_servers: ["https://login.tracker.example.com"],
          scopes_supported: ["issues:read", "issues:write"],
          pkce_s256: true,
          client_id_metadata_document_supported: true,
          registration_endpoint: null,
          authorization_endpoint: "https://login.tracker.example.com/authorize",
          token_endpoint: "https://login.tracker.example.com/token",
        },
      },
      startedAt: new Date("2025-12-10T00:00:00Z"),
      finishedAt: new Date("2025-12-10T00:00:01Z"),
    },
  });
  const connectability = assessConnectability(
    ServerJsonSchema.parse({ name: nameOf("remote-oauth"), version: "1.0.0", ...CASES["remote-oauth"] }),
    [
      {
        url,
        outcome: "auth_required",
        oauth: {
          protectedResourceMetadata: true,
          authorizationServerMetadata: true,
          clientIdMetadataDocument: true,
          dynamicRegistration: false,
        },
      },
    ],
  );
  await h.db.prisma.server.update({
    where: { name: nameOf("remote-oauth") },
    data: {
      connectionClass: connectability.class,
      autonomous: connectability.autonomous,
      humanSteps: connectability.human_steps,
      connectability,
    },
  });
  api = await startGateway(h);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await h?.close();
});

function golden(file: string, actual: string): void {
  const at = path.join(GOLDEN, file);
  if (process.env.UPDATE_GOLDEN === "1" || !existsSync(at)) {
    if (process.env.CI === "true") throw new Error(`golden file ${file} is missing`);
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, actual);
  }
  expect([file, actual]).toEqual([file, readFileSync(at, "utf8")]);
}

describe("connection golden files", () => {
  const cases = Object.keys(CASES).flatMap((key) =>
    CONNECTION_TARGETS.map((target) => [key, target] as const),
  );

  it.each(cases)("%s for %s", async (key, target) => {
    const res = await api.get(`/v1/servers/${nameOf(key)}/connection?target=${target}`);
    expect([200, 409]).toContain(res.status);
    const extension = TEXT_EXTENSION[target];
    if (res.status === 200 && extension) {
      const { connection, ...rest } = res.body;
      golden(`${key}/${target}.${extension}`, `${connection}`);
      golden(`${key}/${target}.json`, `${JSON.stringify(rest, null, 2)}\n`);
    } else {
      golden(`${key}/${target}.json`, `${JSON.stringify({ status: res.status, ...res.body }, null, 2)}\n`);
    }
  });
});
