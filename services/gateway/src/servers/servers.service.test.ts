import { cardFacts, decodeCursor, encodeCursor, type NextAction } from "@catalog/contracts";
import { ServerReadRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { ServersService } from "./servers.service.js";

const WEATHER = "io.example/weather";
const MANY = "io.example/many";
const BARE = "io.example/bare";
const BLOCKED = "io.example/blocked";
const GONE = "io.example/gone";

const actions = (list: readonly NextAction[]) => list.map((a) => [a.action, a.arguments]);

describe("ServersService (real PostgreSQL)", () => {
  let h: Harness;
  let service: ServersService;
  const sql = (text: string, values: unknown[] = []) => h.db.pool.query(text, values);
  /** A server with its latest version 1.0.0 holding `json` (no version row when `json` is null). */
  async function addServer(name: string, json: Record<string, unknown> | null, columns = "", values = "") {
    await sql(
      `INSERT INTO servers (name, namespace, latest_version, description, first_published_at, updated_at${columns})
       VALUES ($1, 'io.example', $2, $3, '2025-01-01Z', '2025-03-01Z'${values})`,
      [name, json ? "1.0.0" : null, `About ${name.slice(11)}`],
    );
    if (json)
      await sql(
        `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
           updated_at, is_latest, content_hash)
         VALUES ($1, '1.0.0', $2, '{}', 'active', '2025-02-01Z', '2025-02-01Z', true, '')`,
        [name, JSON.stringify({ name, version: "1.0.0", description: "d", ...json })],
      );
  }
  const tools = (name: string, names: string[]) =>
    sql(
      `INSERT INTO tools (server_name, name, input_schema, source, observed_at, definition_hash)
       SELECT $1, n, '{"type":"object"}', 'probe', '2025-04-01Z', n FROM unnest($2::text[]) AS n`,
      [name, names],
    );

  beforeAll(async () => {
    h = await createHarness();
    service = new ServersService(new ServerReadRepository(h.db.pool));
    const remote = (url: string) => ({ remotes: [{ type: "streamable-http", url }] });
    // tool_count says 7: the rows that fit inline are counted instead.
    await addServer(
      WEATHER,
      { ...remote("https://weather.example/mcp"), repository: { url: "https://github.com/example/weather" } },
      ", tool_count, trust_flags, trust_evidence, quality_score, quality_label, owner",
      `, 7, '{official_repository,new_server}', '{"flags":{"official_repository":{"repo":"x"}}}', 85, 'bogus', '"bad"'`,
    );
    await tools(WEATHER, ["b", "a", "C"]);
    // More tools than a descriptor carries; its URL is templated, so nothing to check.
    await addServer(MANY, remote("https://{tenant}.many.example/mcp"), ", tool_count", ", 150");
    await tools(
      MANY,
      Array.from({ length: 101 }, (_, i) => `t${String(i + 1).padStart(3, "0")}`),
    );
    await addServer(BARE, null);
    await addServer(BLOCKED, remote("https://blocked.example/mcp"));
    await sql(`INSERT INTO blocklist (name, reason, created_by) VALUES ($1, 'malware', 'ops')`, [BLOCKED]);
    await addServer(
      GONE,
      remote("https://gone.example/mcp"),
      ", status, deleted_at",
      `, 'deleted', '2025-05-01Z'`,
    );
  });
  afterAll(() => h.close());

  it("answers 404 server_not_found with a search from the name's words, for unknown and malformed names", async () => {
    expect(await service.descriptor("io.example/no-such-thing", false)).toEqual({
      ok: false,
      status: 404,
      error: "server_not_found",
      details: {},
      nextActions: [expect.objectContaining({ action: "search", arguments: { q: "example no such thing" } })],
    });
    expect(await service.tools("not a name", 10)).toMatchObject({ ok: false, status: 404 });
    expect(await service.toolHistory("io.example/missing", 10)).toMatchObject({ ok: false, status: 404 });
  });

  it("describes a server from its latest version and what the catalog derived", async () => {
    const outcome = await service.descriptor(WEATHER, false);
    if (!outcome.ok) throw new Error(outcome.error);
    const d = outcome.body;
    expect(d).toMatchObject({
      name: WEATHER,
      version: "1.0.0",
      status: "active",
      published_at: "2025-02-01T00:00:00.000Z",
      first_published_at: "2025-01-01T00:00:00.000Z",
      deleted_at: null,
      repository: { url: "https://github.com/example/weather", source: null, subfolder: null },
      remotes: [
        { type: "streamable-http", url: "https://weather.example/mcp", templated: false, headers: [] },
      ],
      blocked: false,
      tool_count: 3,
      // A stored label that is none of the labels gives way to the score's.
      quality: { score: 85, label: "excellent" },
      // Only flags with evidence carry some; an owner block that cannot be read is unverified.
      trust: {
        flags: ["official_repository", "new_server"],
        evidence: { official_repository: { repo: "x" } },
      },
      owner: { verified: false, method: null },
    });
    expect(d.connection.targets[0]).toBe("mcpServers");
    expect(d.tools.map((t) => t.name)).toEqual(["C", "a", "b"]);
    expect(d.tools[0]).not.toHaveProperty("input_schema");
    // Without schemas the tool list is the next step; the fixed remote can be checked.
    expect(actions(d.next_actions)).toEqual([
      ["get_connection", { name: WEATHER, target: "mcpServers" }],
      ["list_tools", { name: WEATHER }],
      ["check_server", { url: "https://weather.example/mcp" }],
    ]);

    const full = await service.descriptor(WEATHER, true);
    expect(full.ok && full.body.tools[0]).toMatchObject({
      input_schema: { type: "object" },
      output_schema: null,
    });
    expect(full.ok && actions(full.body.next_actions).map(([a]) => a)).toEqual([
      "get_connection",
      "check_server",
    ]);
  });

  it("shows, per remote, the server card its latest probe read and how it reads against the listing", async () => {
    const CARDED = "io.example/carded";
    const url = "https://carded.example/mcp";
    await addServer(CARDED, {
      remotes: [
        { type: "streamable-http", url },
        { type: "sse", url: "https://carded.example/sse" },
      ],
    });
    const card = { name: CARDED, remotes: [{ type: "streamable-http", url }], tools: [{ name: "t" }] };
    const serverCard = {
      status: "found",
      location: "well-known-mcp-json",
      url: "https://carded.example/.well-known/mcp.json",
      bytes: 120,
      ...cardFacts(card),
      card: null,
      attempts: [],
    };
    await sql(
      `INSERT INTO probes (server_name, url, outcome, result, server_card, started_at, finished_at)
       VALUES ($1, $2, 'ok', $3, $4, '2025-04-01Z', '2025-04-01Z')`,
      [CARDED, url, JSON.stringify({ server_card: serverCard }), JSON.stringify(card)],
    );
    const outcome = await service.descriptor(CARDED, false);
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.body.remotes.map((r) => r.server_card)).toEqual([
      {
        status: "found",
        location: "well-known-mcp-json",
        url: "https://carded.example/.well-known/mcp.json",
        agrees: false,
        name: null,
        remotes_not_listed: [],
        remotes_not_on_card: ["https://carded.example/sse"],
        embeds: ["tools"],
      },
      null,
    ]);
  });

  it("carries at most 100 tools, counts the rest, and continues the list after the 100th", async () => {
    const outcome = await service.descriptor(MANY, true);
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.body.tools).toHaveLength(100);
    expect(outcome.body.tool_count).toBe(150);
    expect(actions(outcome.body.next_actions)).toEqual([
      ["get_connection", { name: MANY, target: "mcpServers" }],
      ["list_tools", { name: MANY, cursor: encodeCursor(["t100"]) }],
    ]);
  });

  it("offers only a search for a blocked, a deleted or an unconnectable server", async () => {
    const blocked = await service.descriptor(BLOCKED, false);
    expect(blocked.ok && blocked.body.blocked).toBe(true);
    expect(blocked.ok && actions(blocked.body.next_actions)).toEqual([["search", { q: "About blocked" }]]);

    const gone = await service.descriptor(GONE, false);
    expect(gone.ok && gone.body).toMatchObject({ status: "deleted", deleted_at: "2025-05-01T00:00:00.000Z" });
    expect(gone.ok && actions(gone.body.next_actions)).toEqual([["search", { q: "About gone" }]]);

    // No stored version: the name and description stand in, with nothing to connect to.
    const bare = await service.descriptor(BARE, false);
    expect(bare.ok && bare.body).toMatchObject({
      version: null,
      published_at: null,
      remotes: [],
      tool_count: 0,
    });
    expect(bare.ok && bare.body.connection.targets).toEqual([]);
    expect(bare.ok && actions(bare.body.next_actions)).toEqual([["search", { q: "About bare" }]]);
  });

  it("pages tools in byte order; the last page points to a connection, or to a search when there is none", async () => {
    const first = await service.tools(WEATHER, 2);
    if (!first.ok) throw new Error(first.error);
    expect(first.body).toMatchObject({ server: WEATHER, count: 2, next_cursor: encodeCursor(["a"]) });
    expect(first.body.tools.map((t) => [t.name, t.input_schema])).toEqual([
      ["C", { type: "object" }],
      ["a", { type: "object" }],
    ]);
    expect(actions(first.body.next_actions)).toEqual([
      ["list_tools", { name: WEATHER, cursor: first.body.next_cursor }],
    ]);

    const last = await service.tools(WEATHER, 2, "a");
    expect(last.ok && last.body).toMatchObject({ count: 1, next_cursor: null });
    expect(last.ok && actions(last.body.next_actions)).toEqual([
      ["get_connection", { name: WEATHER, target: "mcpServers" }],
    ]);

    // Exactly `limit` tools left: no cursor to an empty page.
    expect(await service.tools(WEATHER, 3)).toMatchObject({
      ok: true,
      body: { count: 3, next_cursor: null },
    });
    const bare = await service.tools(BARE, 10);
    expect(bare.ok && actions(bare.body.next_actions)).toEqual([["search", { q: "About bare" }]]);
  });

  it("pages tool history newest first, resuming before the last entry's position", async () => {
    await sql(
      `INSERT INTO tool_changes (server_name, tool, kind, observed_at, fields, description_before,
         description_after, description_similarity, hash_before, hash_after, renamed_from)
       VALUES ($1, 'a', 'added', '2025-04-01T00:00:00.000001Z', '{}', NULL, 'New', NULL, NULL, 'h1', NULL),
              ($1, 'b', 'renamed', '2025-04-02T00:00:00Z', '{name}', 'Old', 'New', 0.5, 'h1', 'h2', 'a')`,
      [WEATHER],
    );
    const first = await service.toolHistory(WEATHER, 1);
    if (!first.ok) throw new Error(first.error);
    expect(first.body).toMatchObject({ server: WEATHER, count: 1 });
    expect(first.body.entries).toEqual([
      {
        tool: "b",
        kind: "renamed",
        renamed_from: "a",
        observed_at: "2025-04-02T00:00:00.000Z",
        fields: ["name"],
        description_before: "Old",
        description_after: "New",
        description_similarity: 0.5,
        hash_before: "h1",
        hash_after: "h2",
      },
    ]);
    expect(actions(first.body.next_actions)).toEqual([["list_tools", { name: WEATHER }]]);
    const [observedAt, id] = decodeCursor(first.body.next_before!, 2)!;
    expect(observedAt).toBe("2025-04-02T00:00:00.000000Z");

    const rest = await service.toolHistory(WEATHER, 1, { observedAt: observedAt!, id: id! });
    if (!rest.ok) throw new Error(rest.error);
    // Keys without a value are left out rather than null.
    expect(rest.body.entries).toEqual([
      {
        tool: "a",
        kind: "added",
        observed_at: "2025-04-01T00:00:00.000Z",
        fields: [],
        description_after: "New",
        description_similarity: null,
        hash_before: null,
        hash_after: "h1",
      },
    ]);
    expect(rest.body.next_before).toBeNull();
  });
});
