import { noProbeAuth, type NextAction } from "@catalog/contracts";
import { ServerReadRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { ConnectionService } from "./connection.service.js";

const WEATHER = "io.example/weather";
const PLAIN = "io.example/plain";
const DUAL = "io.example/dual";
const SSE_ONLY = "io.example/sse-only";
const GENERIC = "io.example/mcp";
const GONE = "io.example/gone";
const BLOCKED = "io.blocked/tool";

const actions = (list: readonly NextAction[]) => list.map((a) => [a.action, a.arguments]);
const http = (url: string) => ({ type: "streamable-http", url });
const sse = (url: string) => ({ type: "sse", url });
const via = (kind: string, index: number, url?: string) =>
  JSON.stringify({ via: { kind, index, url }, reason: null });

describe("ConnectionService (real PostgreSQL)", () => {
  let h: Harness;
  let service: ConnectionService;
  const sql = (text: string, values: unknown[] = []) => h.db.pool.query(text, values);
  /** A server whose latest version declares `json`, with the connectability the catalog derived. */
  async function addServer(
    name: string,
    json: Record<string, unknown>,
    derived: {
      class?: string;
      steps?: string[];
      connectability?: string;
      tools?: number;
      status?: string;
    } = {},
  ) {
    await sql(
      `INSERT INTO servers (name, namespace, latest_version, description, first_published_at, updated_at,
         connection_class, autonomous, human_steps, connectability, tool_count, status)
       VALUES ($1, split_part($1, '/', 1), '1.0.0', 'About it', '2025-01-01Z', '2025-03-01Z',
         $2::"ConnectionClass", true, $3, $4, $5, $6::"ServerStatus")`,
      [
        name,
        derived.class ?? "R0",
        derived.steps ?? [],
        derived.connectability ?? "{}",
        derived.tools ?? 0,
        derived.status ?? "active",
      ],
    );
    await sql(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
         updated_at, is_latest, content_hash)
       VALUES ($1, '1.0.0', $2, '{}', 'active', '2025-02-01Z', '2025-02-01Z', true, '')`,
      [name, JSON.stringify({ name, version: "1.0.0", description: "About it", ...json })],
    );
  }
  const probe = (name: string, url: string, outcome: string, at: string, auth = noProbeAuth()) =>
    sql(
      `INSERT INTO probes (server_name, url, outcome, auth_required, result, started_at, finished_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      [name, url, outcome, auth.required, JSON.stringify({ auth }), at],
    );
  const oauth = {
    ...noProbeAuth(),
    required: true,
    authorization_servers: ["https://auth.weather.example"],
    pkce_s256: true,
  };

  beforeAll(async () => {
    h = await createHarness();
    service = new ConnectionService(new ServerReadRepository(h.db.pool));
    await addServer(WEATHER, { remotes: [http("https://weather.example/mcp")] }, { tools: 2 });
    // The newest probe of the URL decides, not an older one.
    await probe(WEATHER, "https://weather.example/mcp", "ok", "2025-04-01Z");
    await probe(WEATHER, "https://weather.example/mcp", "auth_required", "2025-04-02Z", oauth);
    await addServer(
      PLAIN,
      { remotes: [http("https://plain.example/mcp")] },
      { connectability: via("remote", 0, "https://plain.example/mcp") },
    );
    // A probe of a URL the server no longer lists says nothing about the one it does.
    await probe(PLAIN, "https://plain.example/old", "auth_required", "2025-04-01Z", oauth);
    await addServer(
      DUAL,
      {
        remotes: [sse("https://dual.example/sse")],
        packages: [
          {
            registryType: "npm",
            identifier: "@example/dual",
            version: "1.2.3",
            transport: { type: "stdio" },
          },
        ],
      },
      { steps: ["Ask for access"], connectability: via("remote", 0, "https://dual.example/sse") },
    );
    await addServer(SSE_ONLY, { remotes: [sse("https://sse-only.example/sse")] });
    await addServer(GENERIC, { remotes: [http("https://generic.example/mcp")] });
    await addServer(GONE, { remotes: [http("https://gone.example/mcp")] }, { status: "deleted" });
    await addServer(BLOCKED, { remotes: [http("https://blocked.example/mcp")] });
    await sql(`INSERT INTO blocklist (name, reason, created_by) VALUES ('io.blocked/*', 'phishing', 'ops')`);
  });
  afterAll(() => h.close());

  it("renders a remote's config with the auth its newest probe found, and what to do next", async () => {
    const outcome = await service.connection(WEATHER, "mcpServers");
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.body).toMatchObject({
      server: WEATHER,
      key: "weather",
      install_name: null,
      kind: "remote",
      class: "R0",
      autonomous: true,
      human_steps: [],
      target: "mcpServers",
      content_type: "application/json",
      connection: { mcpServers: { weather: { type: "http", url: "https://weather.example/mcp" } } },
      source: { kind: "remote", transport: "streamable-http", url: "https://weather.example/mcp" },
      auth_type: "oauth",
      oauth: { required: true, authorization_servers: ["https://auth.weather.example"], pkce_s256: true },
    });
    expect(actions(outcome.body.next_actions)).toEqual([
      ["check_server", { url: "https://weather.example/mcp" }],
      ["get_server", { name: WEATHER }],
      ["list_tools", { name: WEATHER }],
    ]);
  });

  it("reads auth only from probes of the remote it uses, else from the remote the catalog chose", async () => {
    const outcome = await service.connection(PLAIN, "vscode");
    expect(outcome.ok && outcome.body).toMatchObject({ auth_type: "none", oauth: null });
    // No tools known: no list_tools step.
    expect(outcome.ok && actions(outcome.body.next_actions).map(([a]) => a)).toEqual([
      "check_server",
      "get_server",
    ]);
  });

  it("keeps the server's class for the remote it chose, and assesses the package a client falls back to", async () => {
    const remote = await service.connection(DUAL, "mcpServers");
    expect(remote.ok && remote.body).toMatchObject({
      kind: "remote",
      class: "R0",
      human_steps: ["Ask for access"],
      source: { kind: "remote", transport: "sse" },
    });

    // Codex has no SSE: the npm package is used, and the remote's class and steps do not apply to it.
    const pkg = await service.connection(DUAL, "codex-toml");
    if (!pkg.ok) throw new Error(pkg.error);
    expect(pkg.body).toMatchObject({
      kind: "package",
      class: "L0",
      autonomous: true,
      content_type: "text/plain",
      source: { kind: "package", registry_type: "npm", identifier: "@example/dual" },
      auth_type: null,
      oauth: null,
    });
    expect(pkg.body.human_steps).not.toContain("Ask for access");
    expect(pkg.body.connection).toContain("[mcp_servers.dual]");
    // No remote in use: nothing to check.
    expect(actions(pkg.body.next_actions)).toEqual([["get_server", { name: DUAL }]]);
  });

  it("answers 409 no_connection with the targets that can express the server", async () => {
    const outcome = await service.connection(SSE_ONLY, "codex-toml");
    if (outcome.ok) throw new Error("expected a refusal");
    expect(outcome).toMatchObject({ status: 409, error: "no_connection" });
    expect(outcome.details?.reason).toEqual(expect.stringContaining("Codex"));
    // Goose has no SSE either.
    const others = ["mcpServers", "vscode", "cursor", "claude-code-cli", "gemini", "antigravity"];
    expect(actions(outcome.nextActions)).toEqual([
      ...others.map((target) => ["get_connection", { name: SSE_ONLY, target }]),
      ["search", { q: "About it" }],
    ]);
  });

  it("names a unique install name for a generic key, and says how to rename the entry", async () => {
    const outcome = await service.connection(GENERIC, "mcpServers");
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.body).toMatchObject({ key: "mcp", install_name: "example-mcp" });
    expect(outcome.body.human_steps).toEqual([
      expect.stringMatching(/^Install it as "example-mcp" rather than "mcp"/),
    ]);
  });

  it("refuses blocked (403), deleted (410) and unknown (404) servers, pointing to a search", async () => {
    expect(await service.connection(BLOCKED, "mcpServers")).toMatchObject({
      ok: false,
      status: 403,
      error: "blocked",
      details: { reason: "phishing" },
      nextActions: [{ action: "search", arguments: { q: "About it" } }],
    });
    // Without a deletion time, the last update stands in for it.
    expect(await service.connection(GONE, "mcpServers")).toMatchObject({
      ok: false,
      status: 410,
      error: "deleted",
      details: { deleted_at: "2025-03-01T00:00:00.000Z" },
    });
    expect(await service.connection("io.example/missing", "mcpServers")).toMatchObject({
      ok: false,
      status: 404,
      error: "server_not_found",
    });
  });
});
