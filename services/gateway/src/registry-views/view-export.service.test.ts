import { RegistryRepository, ViewsRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import type { ServedView } from "./load-views.js";
import { ViewExportService } from "./view-export.service.js";
import { ViewsService } from "./views.service.js";

const A = "io.example/a";
const B = "io.example/b";
const LOW = "io.example/low";
const BASE_URL = "https://catalog.example";

const view = (name: string, rules: ServedView["rules"]): ServedView => ({
  name,
  title: name,
  description: "",
  rules,
  builtin: false,
});

const FIXED: ServedView[] = [
  view("trusted", { min_trust: 50 }),
  // LOW's pinned version does not exist: it has nothing to serve.
  view("pinned", {
    min_trust: 50,
    pinned: [
      { name: A, version: "1.0.0" },
      { name: LOW, version: "9.9.9" },
    ],
  }),
  view("bulk", { allow_names: ["io.bulk/*"] }),
  view("empty", { allow_names: ["io.none/*"] }),
  // LOW carries tool_poisoning, B hidden_content; A is pinned, so it stays in whatever it carries.
  view("safe", {
    allow_names: ["io.example/*"],
    exclude_flags: ["tool_poisoning", "hidden_content"],
    pinned: [A],
  }),
];

type ClaudeFile = { allowedMcpServers: { serverUrl: string }[]; allowManagedMcpServersOnly: boolean };

describe("ViewExportService (real PostgreSQL)", () => {
  let h: Harness;
  let service: ViewExportService;
  const sql = (text: string, values: unknown[] = []) => h.db.pool.query(text, values);
  const urls = (file: Record<string, unknown>) =>
    (file as ClaudeFile).allowedMcpServers.map((e) => e.serverUrl);

  beforeAll(async () => {
    h = await createHarness();
    const views = new ViewsService(
      new ViewsRepository(h.db.pool),
      FIXED,
      () => new Date(),
      60_000,
      () => Promise.resolve(),
    );
    service = new ViewExportService(views, new RegistryRepository(h.db.pool), BASE_URL);
    // io.example/nover is in "trusted" but has no version to serve.
    await sql(
      `INSERT INTO servers (name, namespace, first_published_at, updated_at, trust_score)
       SELECT n, split_part(n, '/', 1), now(), now(), t
       FROM unnest($1::text[], $2::int[]) AS x(n, t)`,
      [
        [A, B, LOW, "io.example/nover", ...Array.from({ length: 501 }, (_, i) => `io.bulk/s${i}`)],
        [80, 80, 10, 80, ...Array<number>(501).fill(0)],
      ],
    );
    const versions: [string, string, boolean, string][] = [
      [A, "1.0.0", false, "https://a.example/v1"],
      [A, "2.0.0", true, "https://a.example/v2"],
      [B, "1.0.0", true, "https://b.example/mcp"],
      [LOW, "1.0.0", true, "https://low.example/mcp"],
      ...Array.from({ length: 501 }, (_, i): [string, string, boolean, string] => [
        `io.bulk/s${i}`,
        "1.0.0",
        true,
        `https://s${i}.bulk.example/mcp`,
      ]),
    ];
    await sql(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
         updated_at, is_latest, content_hash)
       SELECT x.name, x.version,
         json_build_object('name', x.name, 'version', x.version, 'description', 'd',
           'remotes', json_build_array(json_build_object('type', 'streamable-http', 'url', x.url))),
         '{}', 'active', now(), now(), x.latest, ''
       FROM json_to_recordset($1::json) AS x(name text, version text, latest boolean, url text)`,
      [JSON.stringify(versions.map(([name, version, latest, url]) => ({ name, version, latest, url })))],
    );
  });
  afterAll(() => h.close());

  it("exports the latest version of each server of the view that has one", async () => {
    const body = await service.export("trusted", "claude-code");
    expect(body).toMatchObject({
      view: "trusted",
      client: "claude-code",
      servers: 2,
      omitted: [],
      next_actions: [],
      file: { allowManagedMcpServersOnly: true },
    });
    expect(urls(body!.file)).toEqual(["https://a.example/v2", "https://b.example/mcp"]);
  });

  it("exports a pinned server at its pinned version, and leaves out a pin to a version that does not exist", async () => {
    const body = await service.export("pinned", "claude-code");
    expect(body?.servers).toBe(2);
    expect(urls(body!.file)).toEqual(["https://a.example/v1", "https://b.example/mcp"]);
  });

  it("gathers a view of more servers than one page of rows", async () => {
    const body = await service.export("bulk", "claude-code");
    expect(body?.servers).toBe(501);
    expect(new Set(urls(body!.file)).size).toBe(501);
    expect(urls(body!.file)).toContain("https://s500.bulk.example/mcp");
  });

  it("points a registry-reading client at the view's own registry", async () => {
    const body = await service.export("trusted", "vscode");
    expect(body?.file).toEqual({
      "chat.mcp.gallery.serviceUrl": "https://catalog.example/views/trusted",
      "chat.mcp.access": "registry",
    });
  });

  it("denies the servers the view excludes for a risk flag, in Copilot's allow-list file", async () => {
    await sql(`UPDATE servers SET trust_flags = $2 WHERE name = ANY($1::text[])`, [
      [LOW, A],
      ["tool_poisoning"],
    ]);
    await sql(`UPDATE servers SET trust_flags = $2 WHERE name = $1`, [
      B,
      ["hidden_content", "remote_reachable"],
    ]);
    const body = await service.export("safe", "copilot");
    // io.example/nover is in the view too, but has no version to serve.
    expect(body).toMatchObject({ client: "copilot", servers: 1, omitted: [] });
    expect(body?.file).toEqual({
      allowedMcpServers: [{ serverUrl: "https://a.example/v2" }],
      deniedMcpServers: [{ serverUrl: "https://b.example/mcp" }, { serverUrl: "https://low.example/mcp" }],
    });
  });

  it("exports an empty view as an empty list, and no view as null", async () => {
    const empty = await service.export("empty", "claude-code");
    expect(empty?.servers).toBe(0);
    expect(urls(empty!.file)).toEqual([]);
    expect(await service.export("nope", "claude-code")).toBeNull();
  });
});
