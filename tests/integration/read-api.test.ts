import {
  BadRequestBodySchema,
  BlockedBodySchema,
  CategoriesBodySchema,
  ConnectionBodySchema,
  DeletedBodySchema,
  DependenciesBodySchema,
  NoConnectionBodySchema,
  QualityBodySchema,
  ServerDescriptorSchema,
  ServerNotFoundBodySchema,
  ToolHistoryBodySchema,
  ToolListBodySchema,
  nextAction,
  type NextAction,
} from "@catalog/contracts";
import { assessConnectability } from "@catalog/connectability";
import { ServerJsonSchema } from "@catalog/registry";
import { createHarness, type Harness } from "@catalog/testing";
import { registryEntry, seedCatalog, startGateway, type Gateway } from "../support/read-api.js";

const WEATHER = "io.github.acme/weather";
const OAUTH = {
  required: true,
  resource_metadata_url: "https://mcp.acme.dev/.well-known/oauth-protected-resource/mcp",
  resource: "https://mcp.acme.dev/mcp",
  authorization_servers: ["https://auth.acme.dev"],
  scopes_supported: ["weather.read"],
  pkce_s256: true,
  client_id_metadata_document_supported: true,
  registration_endpoint: "https://auth.acme.dev/register",
  authorization_endpoint: "https://auth.acme.dev/authorize",
  token_endpoint: "https://auth.acme.dev/token",
};
const DAY = 86_400_000;
const utcDay = (offset: number) => new Date(Math.floor(Date.now() / DAY) * DAY - offset * DAY);

const tool = (name: string, description = `${name} tool`) => ({
  name,
  description,
  inputSchema: { type: "object", properties: { q: { type: "string" } } },
  annotations: { readOnlyHint: true },
});

let h: Harness;
let api: Gateway;

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(
    h,
    [
      registryEntry({
        name: WEATHER,
        title: "Acme Weather",
        description: "Weather forecasts and alerts",
        version: "1.2.0",
        repository: { url: "https://github.com/acme/weather", source: "github" },
        remotes: [
          { type: "streamable-http", url: "https://mcp.acme.dev/mcp" },
          { type: "sse", url: "https://mcp.acme.dev/sse" },
        ],
        packages: [
          {
            registryType: "npm",
            identifier: "@acme/weather-mcp",
            version: "1.2.0",
            transport: { type: "stdio" },
          },
          {
            registryType: "pypi",
            identifier: "acme-weather",
            version: "1.2.0",
            transport: { type: "stdio" },
          },
        ],
      }),
      registryEntry({ name: "io.github.acme/tools", description: "A server whose name ends in tools" }),
      registryEntry({
        name: "io.github.acme/sse-only",
        description: "Legacy SSE server",
        remotes: [{ type: "sse", url: "https://legacy.acme.dev/sse" }],
      }),
      registryEntry({
        name: "io.github.acme/sse-and-npm",
        description: "SSE remote with a local package",
        remotes: [{ type: "sse", url: "https://sse.acme.dev/sse" }],
        packages: [
          {
            registryType: "npm",
            identifier: "@acme/sse-and-npm",
            version: "2.0.0",
            environmentVariables: [
              { name: "ACME_TOKEN", isRequired: true, isSecret: true, description: "Token" },
            ],
          },
        ],
      }),
      registryEntry({ name: "io.github.acme/nothing", description: "Lists nothing to run" }),
      registryEntry({ name: "io.github.acme/gone", description: "Removed upstream" }, { status: "deleted" }),
      registryEntry({
        name: "com.blocked/one",
        description: "Blocked by name",
        remotes: [{ type: "streamable-http", url: "https://one.blocked.com/mcp" }],
      }),
      registryEntry({
        name: "com.blockedns/two",
        description: "Blocked with its namespace",
        remotes: [{ type: "streamable-http", url: "https://two.blockedns.com/mcp" }],
      }),
      registryEntry({
        name: "io.github.acme/keyed",
        description: "Needs an API key",
        remotes: [
          {
            type: "streamable-http",
            url: "https://keyed.acme.dev/mcp",
            headers: [{ name: "Authorization", value: "Bearer {api_key}", isRequired: true, isSecret: true }],
          },
        ],
      }),
    ],
    [
      { serverName: WEATHER, tools: [tool("alpha"), tool("beta")], observedAt: "2025-12-01T00:00:00.000Z" },
      {
        serverName: WEATHER,
        tools: [tool("alpha", "Alpha, now with alerts"), tool("gamma")],
        observedAt: "2025-12-02T00:00:00.000Z",
      },
      {
        serverName: WEATHER,
        tools: [
          tool("alpha", "Alpha, now with alerts"),
          tool("gamma"),
          tool("delta"),
          tool("epsilon"),
          tool("Zeta"),
        ],
        observedAt: "2025-12-03T00:00:00.000Z",
      },
      { serverName: "io.github.acme/tools", tools: [tool("only")], observedAt: "2025-12-01T00:00:00.000Z" },
    ],
  );
  // What the prober, the quality and trust jobs, the resolver and the operators write (other issues).
  const prisma = h.db.prisma;
  await prisma.probe.create({
    data: {
      serverName: WEATHER,
      url: "https://mcp.acme.dev/mcp",
      outcome: "auth_required",
      authRequired: true,
      result: { auth: OAUTH },
      startedAt: new Date("2025-12-03T00:00:00Z"),
      finishedAt: new Date("2025-12-03T00:00:01Z"),
    },
  });
  // The catalog re-derives connectability from the probe (R1: OAuth with automatic registration).
  const version = await prisma.serverVersion.findFirstOrThrow({
    where: { serverName: WEATHER, isLatest: true },
  });
  const connectability = assessConnectability(ServerJsonSchema.parse(version.serverJson), [
    {
      url: "https://mcp.acme.dev/mcp",
      outcome: "auth_required",
      oauth: {
        protectedResourceMetadata: true,
        authorizationServerMetadata: true,
        clientIdMetadataDocument: true,
        dynamicRegistration: true,
      },
    },
  ]);
  await prisma.server.update({
    where: { name: WEATHER },
    data: {
      connectionClass: connectability.class,
      autonomous: connectability.autonomous,
      humanSteps: connectability.human_steps,
      connectability,
      trustScore: 72,
      trustFlags: ["namespace_github", "oauth_protected"],
      trustEvidence: { flags: { oauth_protected: { url: "https://mcp.acme.dev/mcp" } } },
      qualityScore: 82,
      qualityLabel: "good",
      qualityChecks: [{ id: "https", status: "pass", weight: 1, detail: "served over https" }],
      qualityAssessedAt: new Date("2025-12-03T00:00:00Z"),
      categories: ["location-maps"],
      owner: {
        verified: true,
        method: "repository_owner",
        evidence: "github.com/acme",
        verified_at: "2025-12-03T00:00:00.000Z",
      },
    },
  });
  // The SSE remote answered without credentials: R0 over SSE.
  const sseVersion = await prisma.serverVersion.findFirstOrThrow({
    where: { serverName: "io.github.acme/sse-and-npm", isLatest: true },
  });
  const sseConnectability = assessConnectability(ServerJsonSchema.parse(sseVersion.serverJson), [
    { url: "https://sse.acme.dev/sse", outcome: "ok" },
  ]);
  await prisma.server.update({
    where: { name: "io.github.acme/sse-and-npm" },
    data: {
      connectionClass: sseConnectability.class,
      autonomous: sseConnectability.autonomous,
      humanSteps: sseConnectability.human_steps,
      connectability: sseConnectability,
    },
  });
  await prisma.qualityScore.createMany({
    data: [0, 5, 100].map((offset) => ({
      serverName: WEATHER,
      day: utcDay(offset),
      score: 80 - offset / 5,
      label: "good",
    })),
  });
  await prisma.dependencyReport.create({
    data: {
      serverName: WEATHER,
      ecosystem: "npm",
      packageName: "@acme/weather-mcp",
      version: "1.2.0",
      status: "resolved",
      dependencyCount: 42,
      mcpSdk: { present: true, package: "@modelcontextprotocol/sdk", version: "1.20.0" },
      resolvedAt: new Date("2025-12-03T00:00:00Z"),
      advisories: {
        create: [
          {
            osvId: "GHSA-aaaa-bbbb-cccc",
            severity: "high",
            summary: "Prototype pollution",
            packageName: "lodash",
            version: "4.17.20",
            relation: "indirect",
            fixedIn: "4.17.21",
            url: "https://osv.dev/vulnerability/GHSA-aaaa-bbbb-cccc",
          },
        ],
      },
    },
  });
  await prisma.blocklistEntry.createMany({
    data: [
      { name: "com.blocked/one", reason: "Impersonates another vendor", createdBy: "test" },
      { name: "com.blockedns/*", reason: "Namespace taken down", createdBy: "test" },
    ],
  });
  api = await startGateway(h);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await h?.close();
});

describe("GET /v1/servers/{name}", () => {
  it("describes a server, suggests its connection, and hides tool schemas unless asked", async () => {
    const res = await api.get(`/v1/servers/${WEATHER}`);
    expect(res.status).toBe(200);
    const body = ServerDescriptorSchema.parse(res.body);
    expect(body).toMatchObject({
      name: WEATHER,
      title: "Acme Weather",
      version: "1.2.0",
      status: "active",
      repository: { url: "https://github.com/acme/weather", source: "github", subfolder: null },
      categories: ["location-maps"],
      trust: {
        score: 72,
        flags: ["namespace_github", "oauth_protected"],
        evidence: { oauth_protected: { url: "https://mcp.acme.dev/mcp" } },
      },
      quality: {
        score: 82,
        label: "good",
        checks: [{ id: "https", status: "pass", weight: 1, detail: "served over https" }],
      },
      owner: { verified: true, method: "repository_owner" },
      blocked: false,
      tool_count: 5,
    });
    expect(body.connection.targets).toEqual([
      "mcpServers",
      "vscode",
      "cursor",
      "claude-code-cli",
      "codex-toml",
      "gemini",
      "goose",
      "antigravity",
    ]);
    expect(body.tools.map((t) => t.name)).toEqual(["Zeta", "alpha", "delta", "epsilon", "gamma"]);
    expect(body.tools[0]).not.toHaveProperty("input_schema");
    expect(body.next_actions).toEqual([
      nextAction("get_connection", { name: WEATHER, target: "mcpServers" }),
      nextAction("list_tools", { name: WEATHER }),
      nextAction("check_server", { url: "https://mcp.acme.dev/mcp" }),
    ]);
  });

  it("adds input and output schemas with schemas=true", async () => {
    const body = ServerDescriptorSchema.parse((await api.get(`/v1/servers/${WEATHER}?schemas=true`)).body);
    expect(body.tools[0]).toMatchObject({ input_schema: { type: "object" }, output_schema: null });
    expect(body.next_actions.map((a) => a.action)).not.toContain("list_tools");
  });

  it("answers 404 server_not_found with a search to try instead", async () => {
    const res = await api.get("/v1/servers/io.github.nobody/nothing-here");
    expect(res.status).toBe(404);
    expect(ServerNotFoundBodySchema.parse(res.body).next_actions).toEqual([
      nextAction("search", { q: "nobody nothing here" }),
    ]);
  });

  it("answers 400 for a malformed schemas flag", async () => {
    const res = await api.get(`/v1/servers/${WEATHER}?schemas=yes`);
    expect(res.status).toBe(400);
    expect(BadRequestBodySchema.parse(res.body).issues.fieldErrors).toHaveProperty("schemas");
  });

  it("describes a deleted or blocked server and suggests alternatives", async () => {
    const gone = ServerDescriptorSchema.parse((await api.get("/v1/servers/io.github.acme/gone")).body);
    expect(gone).toMatchObject({ status: "deleted", deleted_at: "2025-12-01T00:00:00.000Z" });
    expect(gone.next_actions).toEqual([nextAction("search", { q: "Removed upstream" })]);
    const blocked = ServerDescriptorSchema.parse((await api.get("/v1/servers/com.blockedns/two")).body);
    expect(blocked.blocked).toBe(true);
  });
});

describe("next actions' REST requests", () => {
  it("answer as their tools would: each suggested GET of a descriptor, tools page and connection", async () => {
    const bodies = await Promise.all(
      [
        `/v1/servers/${WEATHER}`,
        `/v1/servers/${WEATHER}/tools?limit=2`,
        "/v1/servers/com.blocked/one/connection",
      ].map(async (path) => (await api.get(path)).body as { next_actions: NextAction[] }),
    );
    const requests = bodies
      .flatMap((b) => b.next_actions.map((a) => a.request))
      .filter((r) => r.method === "GET");
    const followed = requests.filter((r) => !r.path.startsWith("/v1/search"));
    expect(followed.length).toBeGreaterThanOrEqual(3);
    for (const request of followed)
      expect([request.path, (await api.get(request.path)).status]).toEqual([request.path, 200]);
  });
});

describe("server names in paths", () => {
  it("reads a literal slash and %2F alike", async () => {
    const literal = await api.get(`/v1/servers/${WEATHER}/tools`);
    const encoded = await api.get(`/v1/servers/${encodeURIComponent(WEATHER)}/tools`);
    expect(literal.status).toBe(200);
    expect(encoded.body).toEqual(literal.body);
  });

  it("takes /v1/servers/io.github.acme/tools as the descriptor of io.github.acme/tools", async () => {
    const descriptor = await api.get("/v1/servers/io.github.acme/tools");
    expect(ServerDescriptorSchema.parse(descriptor.body).name).toBe("io.github.acme/tools");
    const tools = ToolListBodySchema.parse((await api.get("/v1/servers/io.github.acme/tools/tools")).body);
    expect(tools).toMatchObject({ server: "io.github.acme/tools", count: 1 });
    const encoded = await api.get("/v1/servers/io.github.acme%2Ftools/tools");
    expect(encoded.body).toEqual(tools);
    const encodedDescriptor = await api.get("/v1/servers/io.github.acme%2Ftools");
    expect(encodedDescriptor.body).toEqual(descriptor.body);
  });

  it("answers 400 for broken percent-encoding and 404 for unknown sub-resources", async () => {
    const bad = await api.get("/v1/servers/io.github.acme%E0%A4%A/weather");
    expect(bad.status).toBe(400);
    expect(bad.body.issues.fieldErrors).toHaveProperty("name");
    const unknown = await api.get(`/v1/servers/${WEATHER}/versions`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("not_found");
  });
});

describe("GET /v1/servers/{name}/tools", () => {
  it("pages through the current tools in name order with an opaque cursor", async () => {
    const names: string[] = [];
    let cursor: string | null = null;
    const pages: number[] = [];
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const res = await api.get(`/v1/servers/${WEATHER}/tools?limit=2${query}`);
      const body = ToolListBodySchema.parse(res.body);
      names.push(...body.tools.map((t) => t.name));
      pages.push(body.count);
      if (body.next_cursor) {
        expect(body.next_actions).toEqual([
          nextAction("list_tools", { name: WEATHER, cursor: body.next_cursor }),
        ]);
      } else {
        expect(body.next_actions[0]).toMatchObject({ action: "get_connection" });
      }
      cursor = body.next_cursor;
    } while (cursor);
    expect(names).toEqual(["Zeta", "alpha", "delta", "epsilon", "gamma"]);
    expect(pages).toEqual([2, 2, 1]);
  });

  it("returns every tool with its schemas by default, next_cursor null on the last page", async () => {
    const body = ToolListBodySchema.parse((await api.get(`/v1/servers/${WEATHER}/tools`)).body);
    expect(body.count).toBe(5);
    expect(body.next_cursor).toBeNull();
    expect(body.tools[1]).toMatchObject({
      name: "alpha",
      description: "Alpha, now with alerts",
      input_schema: { type: "object", properties: { q: { type: "string" } } },
      output_schema: null,
      annotations: { readOnlyHint: true },
      source: "import",
      observed_at: "2025-12-03T00:00:00.000Z",
    });
    const exact = ToolListBodySchema.parse((await api.get(`/v1/servers/${WEATHER}/tools?limit=5`)).body);
    expect(exact.next_cursor).toBeNull();
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["cursor=not-a-cursor!", "cursor"],
    [`cursor=${Buffer.from('["a","b"]').toString("base64url")}`, "cursor"],
  ])("answers 400 for %s", async (query, field) => {
    const res = await api.get(`/v1/servers/${WEATHER}/tools?${query}`);
    expect(res.status).toBe(400);
    const body = BadRequestBodySchema.parse(res.body);
    expect(Object.keys(body.issues.fieldErrors)).toEqual([field]);
    expect(body.next_actions).toEqual([nextAction("list_tools", { name: WEATHER })]);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 404 for an unknown server", async () => {
    expect((await api.get("/v1/servers/io.github.nobody/x/tools")).status).toBe(404);
  });
});

describe("GET /v1/servers/{name}/tools/history", () => {
  it("lists changes newest first and pages with next_before", async () => {
    const first = ToolHistoryBodySchema.parse(
      (await api.get(`/v1/servers/${WEATHER}/tools/history?limit=4`)).body,
    );
    expect(first.count).toBe(4);
    expect(first.next_before).not.toBeNull();
    const second = ToolHistoryBodySchema.parse(
      (await api.get(`/v1/servers/${WEATHER}/tools/history?limit=4&before=${first.next_before}`)).body,
    );
    expect(second.next_before).toBeNull();
    const all = [...first.entries, ...second.entries];
    expect(all.map((e) => [e.observed_at.slice(0, 10), e.tool, e.kind]).sort()).toEqual([
      ["2025-12-02", "alpha", "changed"],
      ["2025-12-02", "beta", "removed"],
      ["2025-12-02", "gamma", "added"],
      ["2025-12-03", "Zeta", "added"],
      ["2025-12-03", "delta", "added"],
      ["2025-12-03", "epsilon", "added"],
    ]);
    expect(all.map((e) => e.observed_at)).toEqual([...all.map((e) => e.observed_at)].sort().reverse());
    const changed = all.find((e) => e.kind === "changed");
    expect(changed).toMatchObject({
      fields: ["description"],
      description_before: "alpha tool",
      description_after: "Alpha, now with alerts",
    });
    expect(changed?.hash_before).not.toEqual(changed?.hash_after);
  });

  it("defaults to 50 entries and validates limit and before", async () => {
    const body = ToolHistoryBodySchema.parse((await api.get(`/v1/servers/${WEATHER}/tools/history`)).body);
    expect(body.count).toBe(6);
    for (const query of [
      "limit=0",
      "limit=201",
      "before=zzz",
      `before=${Buffer.from('["x","1"]').toString("base64url")}`,
    ]) {
      const res = await api.get(`/v1/servers/${WEATHER}/tools/history?${query}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.issues.fieldErrors)).toEqual([query.split("=")[0]]);
    }
  });
});

describe("GET /v1/servers/{name}/connection", () => {
  it("serves the default mcpServers config with the OAuth the prober found", async () => {
    const res = await api.get(`/v1/servers/${WEATHER}/connection`);
    expect(res.status).toBe(200);
    expect(ConnectionBodySchema.parse(res.body)).toEqual({
      server: WEATHER,
      key: "weather",
      install_name: null,
      kind: "remote",
      class: "R1",
      autonomous: false,
      human_steps: ["Sign in to mcp.acme.dev in the browser window that opens"],
      target: "mcpServers",
      content_type: "application/json",
      connection: { mcpServers: { weather: { type: "http", url: "https://mcp.acme.dev/mcp" } } },
      source: { kind: "remote", transport: "streamable-http", url: "https://mcp.acme.dev/mcp" },
      secrets: [],
      auth_type: "oauth",
      oauth: OAUTH,
      next_actions: [
        nextAction("check_server", { url: "https://mcp.acme.dev/mcp" }),
        nextAction("get_server", { name: WEATHER }),
        nextAction("list_tools", { name: WEATHER }),
      ],
    });
  });

  it("knows a credential header", async () => {
    const body = ConnectionBodySchema.parse(
      (await api.get("/v1/servers/io.github.acme/keyed/connection?target=codex-toml")).body,
    );
    expect(body).toMatchObject({ auth_type: "header", oauth: null, content_type: "text/plain" });
    expect(body.secrets).toEqual([
      { name: "API_KEY", where: "env", secret: true, description: "Value of {api_key}" },
    ]);
  });

  it("describes the package it falls back to when the client cannot use the preferred remote", async () => {
    const remote = ConnectionBodySchema.parse(
      (await api.get("/v1/servers/io.github.acme/sse-and-npm/connection")).body,
    );
    expect(remote).toMatchObject({ kind: "remote", class: "R0", autonomous: true, human_steps: [] });
    const codex = ConnectionBodySchema.parse(
      (await api.get("/v1/servers/io.github.acme/sse-and-npm/connection?target=codex-toml")).body,
    );
    expect(codex).toMatchObject({
      kind: "package",
      class: "L0",
      autonomous: false,
      human_steps: ["Set ACME_TOKEN: Token"],
      source: { kind: "package", registry_type: "npm", identifier: "@acme/sse-and-npm" },
      auth_type: null,
    });
  });

  it("answers 403 blocked for a listed name and a listed namespace", async () => {
    const one = await api.get("/v1/servers/com.blocked/one/connection");
    expect(one.status).toBe(403);
    expect(BlockedBodySchema.parse(one.body)).toEqual({
      error: "blocked",
      reason: "Impersonates another vendor",
      next_actions: [nextAction("search", { q: "Blocked by name" })],
    });
    const two = await api.get("/v1/servers/com.blockedns%2Ftwo/connection");
    expect(two.status).toBe(403);
    expect(two.body.reason).toBe("Namespace taken down");
  });

  it("answers 410 deleted with the deletion time", async () => {
    const res = await api.get("/v1/servers/io.github.acme/gone/connection");
    expect(res.status).toBe(410);
    expect(DeletedBodySchema.parse(res.body).deleted_at).toBe("2025-12-01T00:00:00.000Z");
  });

  it("answers 409 no_connection with the reason and what else to try", async () => {
    const none = await api.get("/v1/servers/io.github.acme/nothing/connection");
    expect(none.status).toBe(409);
    expect(NoConnectionBodySchema.parse(none.body)).toEqual({
      error: "no_connection",
      reason: "The server lists no remote and no package.",
      next_actions: [nextAction("search", { q: "Lists nothing to run" })],
    });
    const codex = await api.get("/v1/servers/io.github.acme/sse-only/connection?target=codex-toml");
    expect(codex.status).toBe(409);
    expect(codex.body.reason).toBe(
      "Codex has no SSE transport, so it cannot use the sse remote https://legacy.acme.dev/sse.",
    );
    expect(
      codex.body.next_actions.map((a: { arguments: { target?: string } }) => a.arguments.target ?? "search"),
    ).toEqual(["mcpServers", "vscode", "cursor", "claude-code-cli", "gemini", "antigravity", "search"]);
  });

  it("answers 400 for an unknown target", async () => {
    const res = await api.get(`/v1/servers/${WEATHER}/connection?target=windsurf`);
    expect(res.status).toBe(400);
    expect(BadRequestBodySchema.parse(res.body)).toMatchObject({
      issues: { fieldErrors: { target: [expect.stringContaining("mcpServers")] } },
      next_actions: [nextAction("get_connection", { name: WEATHER, target: "mcpServers" })],
    });
  });

  it("answers 404 before anything else for an unknown server", async () => {
    expect((await api.get("/v1/servers/io.github.nobody/x/connection")).status).toBe(404);
  });
});

describe("GET /v1/servers/{name}/quality", () => {
  it("returns the block, the history of the asked days, blocked and owner", async () => {
    const body = QualityBodySchema.parse((await api.get(`/v1/servers/${WEATHER}/quality`)).body);
    expect(body).toMatchObject({
      server: WEATHER,
      score: 82,
      label: "good",
      days: 90,
      blocked: false,
      owner: { verified: true },
    });
    expect(body.history.map((d) => d.day)).toEqual(
      [utcDay(5), utcDay(0)].map((d) => d.toISOString().slice(0, 10)),
    );
    const year = QualityBodySchema.parse((await api.get(`/v1/servers/${WEATHER}/quality?days=400`)).body);
    expect(year.history).toHaveLength(3);
    const today = QualityBodySchema.parse((await api.get(`/v1/servers/${WEATHER}/quality?days=1`)).body);
    expect(today.history).toHaveLength(1);
    expect(body.next_actions).toEqual([nextAction("check_server", { url: "https://mcp.acme.dev/mcp" })]);
  });

  it("is unrated and blocked for a blocked server with nothing to judge but its description", async () => {
    const body = QualityBodySchema.parse((await api.get("/v1/servers/com.blocked/one/quality")).body);
    expect(body).toMatchObject({ score: null, label: "unrated", history: [], blocked: true });
    expect(body.checks.filter((c) => c.status !== "na").map((c) => c.id)).toEqual(["description_present"]);
  });

  it.each(["days=0", "days=401", "days=x"])("answers 400 for %s", async (query) => {
    const res = await api.get(`/v1/servers/${WEATHER}/quality?${query}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.issues.fieldErrors)).toEqual(["days"]);
  });
});

describe("GET /v1/servers/{name}/dependencies", () => {
  it("reports each npm and PyPI package, pending until resolved", async () => {
    const body = DependenciesBodySchema.parse((await api.get(`/v1/servers/${WEATHER}/dependencies`)).body);
    expect(body.packages).toEqual([
      expect.objectContaining({
        ecosystem: "npm",
        package: "@acme/weather-mcp",
        status: "resolved",
        dependency_count: 42,
        mcp_sdk: { present: true, package: "@modelcontextprotocol/sdk", version: "1.20.0" },
        advisories: [
          {
            id: "GHSA-aaaa-bbbb-cccc",
            severity: "high",
            summary: "Prototype pollution",
            package: "lodash",
            version: "4.17.20",
            relation: "indirect",
            fixed_in: "4.17.21",
            url: "https://osv.dev/vulnerability/GHSA-aaaa-bbbb-cccc",
          },
        ],
      }),
      expect.objectContaining({
        ecosystem: "pypi",
        package: "acme-weather",
        status: "pending",
        advisories: [],
      }),
    ]);
    expect(body.packages[0]?.attribution).toMatch(/deps\.dev.*OSV/);
  });

  it("is empty for a server without packages", async () => {
    expect((await api.get("/v1/servers/io.github.acme/keyed/dependencies")).body.packages).toEqual([]);
  });
});

describe("GET /v1/categories", () => {
  it("serves the taxonomy with a search per category", async () => {
    const res = await api.get("/v1/categories");
    const body = CategoriesBodySchema.parse(res.body);
    expect(body.categories).toHaveLength(22);
    expect(body.next_actions).toContainEqual({
      action: "search",
      arguments: { q: "Databases", category: "databases" },
      request: { method: "GET", path: "/v1/search?q=Databases&category=databases" },
    });
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600, stale-while-revalidate=7200");
  });
});

describe("caching", () => {
  it.each([
    `/v1/servers/${WEATHER}`,
    `/v1/servers/${WEATHER}/tools`,
    `/v1/servers/${WEATHER}/connection?target=cursor`,
  ])("%s carries a weak ETag and answers 304 to If-None-Match", async (path) => {
    const first = await api.get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=600");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"/);
    const again = await api.get(path, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    const other = await api.get(path, { "if-none-match": 'W/"other"' });
    expect(other.status).toBe(200);
  });

  it("never caches errors or other methods", async () => {
    for (const path of ["/v1/servers/io.github.nobody/x", "/v1/servers/io.github.acme/gone/connection"]) {
      const res = await api.get(path);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const post = await api.request("POST", `/v1/servers/${WEATHER}`);
    expect(post.status).toBe(404);
    expect(post.headers.get("cache-control")).toBe("no-store");
  });
});
