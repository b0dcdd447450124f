import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ViewExportBodySchema, ViewsBodySchema } from "@catalog/contracts";
import { createHarness, type Harness } from "@catalog/testing";
import { registryEntry, seedCatalog, startGateway, type Gateway } from "../support/read-api.js";

/**
 * GET /v1/views over servers whose facts are set by hand: a verified owner reachable yesterday,
 * one with a critical advisory, one probed a month ago with a failing answer since, and an
 * operator's view from VIEWS_FILE. Each count is what the view's rules say of these servers.
 */
const VERIFIED = "io.github.acme/weather";
const ADVISED = "io.github.acme/files";
const STALE = "com.example/notes";
const ADMIN_TOKEN = "admin-token-for-the-views-test";
const WEATHER_URL = "https://weather.acme.example/mcp";

let h: Harness;
let api: Gateway;

async function probe(server: string, outcome: string, daysAgo: number): Promise<void> {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await h.db.pool.query(
    `INSERT INTO probes (server_name, url, scheduled, outcome, result, started_at, finished_at)
     VALUES ($1, 'https://mcp.example/mcp', true, $2, '{}', $3, $3)`,
    [server, outcome, at],
  );
}

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(h, [
    registryEntry({
      name: VERIFIED,
      description: VERIFIED,
      remotes: [{ type: "streamable-http", url: WEATHER_URL }],
    }),
    registryEntry({ name: ADVISED, description: ADVISED }),
    registryEntry({
      name: STALE,
      description: STALE,
      packages: [
        { registryType: "npm", identifier: "@acme/notes", version: "1.0.0", transport: { type: "stdio" } },
      ],
    }),
  ]);
  await h.db.pool.query(
    `UPDATE servers SET owner = '{"verified": true, "method": "repository_owner", "evidence": null, "verified_at": null}',
       trust_score = 80 WHERE name = $1`,
    [VERIFIED],
  );
  await probe(VERIFIED, "ok", 1);
  await probe(STALE, "auth_required", 30);
  await probe(STALE, "timeout", 1);
  const { rows } = await h.db.pool.query(
    `INSERT INTO dependency_reports (server_name, ecosystem, package_name, version, status)
     VALUES ($1, 'npm', '@acme/files', '1.0.0', 'resolved') RETURNING id`,
    [ADVISED],
  );
  await h.db.pool.query(
    `INSERT INTO advisories (report_id, osv_id, severity, summary, package_name, version, relation, url)
     VALUES ($1, 'GHSA-xxxx', 'critical', 'Path traversal', 'tar', '4.0.0', 'indirect', 'https://osv.dev/GHSA-xxxx')`,
    [rows[0].id],
  );
  const dir = mkdtempSync(path.join(tmpdir(), "views-"));
  const file = path.join(dir, "views.yaml");
  writeFileSync(
    file,
    `views:
  - name: acme
    title: Acme's servers, trusted
    description: Acme's namespace at trust 60 or more, and one pinned outsider.
    rules: { allow_names: ["io.github.acme/*"], min_trust: 60, pinned: ["${STALE}"] }
`,
  );
  // Rules applied afresh on every request: the tests change facts between requests.
  api = await startGateway(h, { VIEWS_FILE: file, VIEWS_REFRESH_MS: "0", ADMIN_TOKEN });
});
afterAll(async () => {
  await api?.close();
  await h?.close();
});

describe("GET /v1/views", () => {
  it("lists every view with its rules and the servers it holds now", async () => {
    const { status, headers, body } = await api.get("/v1/views");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toMatch(/^public, max-age=60/);
    const views = ViewsBodySchema.parse(body).views;
    const count = Object.fromEntries(views.map((v) => [v.name, v.servers]));
    expect(count).toEqual({
      verified: 1, // VERIFIED
      reachable: 1, // VERIFIED; STALE answered a month ago only
      "no-critical-advisories": 2, // not ADVISED
      acme: 2, // VERIFIED (trust 80) and STALE (pinned); ADVISED's trust is below 60
    });
    expect(views.find((v) => v.name === "acme")).toMatchObject({ builtin: false, rules: { min_trust: 60 } });
    expect(views.filter((v) => v.builtin).map((v) => v.name)).toEqual([
      "verified",
      "reachable",
      "no-critical-advisories",
    ]);
  });
});

describe("GET /v1/views/{view}/export/{client}", () => {
  const exported = async (view: string, client: string) => {
    const { status, headers, body } = await api.get(`/v1/views/${view}/export/${client}`);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toMatch(/^public, max-age=60/);
    expect(headers.get("etag")).toBeTruthy();
    return ViewExportBodySchema.parse(body);
  };

  it("gives Claude Code's managed settings: the view's remotes by URL and packages by command", async () => {
    const body = await exported("acme", "claude-code");
    expect(body).toMatchObject({ view: "acme", client: "claude-code", servers: 2, omitted: [] });
    expect(body.file).toEqual({
      allowedMcpServers: [{ serverCommand: ["npx", "-y", "@acme/notes@1.0.0"] }, { serverUrl: WEATHER_URL }],
      allowManagedMcpServersOnly: true,
    });
    expect(body.paths.linux).toBe("/etc/claude-code/managed-settings.json");
  });

  it("gives Copilot's enterprise allow-list: the same entries, and a deny-list", async () => {
    const body = await exported("acme", "copilot");
    expect(body).toMatchObject({ view: "acme", client: "copilot", servers: 2, omitted: [], paths: {} });
    expect(body.file).toEqual({
      allowedMcpServers: [{ serverCommand: ["npx", "-y", "@acme/notes@1.0.0"] }, { serverUrl: WEATHER_URL }],
      deniedMcpServers: [],
    });
    expect(body.notes.join(" ")).toMatch(/Turn OFF "Restrict MCP access to registry servers"/);
  });

  it("gives Gemini CLI's allowed names, the keys of the catalog's configs", async () => {
    expect((await exported("acme", "gemini")).file).toEqual({ mcp: { allowed: ["notes", "weather"] } });
    expect((await exported("verified", "gemini")).file).toEqual({ mcp: { allowed: ["weather"] } });
  });

  it("gives VS Code the view's registry URL, which serves the view's servers", async () => {
    const { file } = await exported("acme", "vscode");
    expect(file["chat.mcp.access"]).toBe("registry");
    const registry = new URL(String(file["chat.mcp.gallery.serviceUrl"]));
    expect(registry.pathname).toBe("/views/acme");
    const list = await api.get(`${registry.pathname}/v0.1/servers`);
    expect(
      (list.body as { servers: { server: { name: string } }[] }).servers.map((e) => e.server.name),
    ).toEqual([STALE, VERIFIED]);
  });

  it("answers 404 for an unknown view or client", async () => {
    const view = await api.get("/v1/views/nope/export/gemini");
    expect([view.status, (view.body as { error: string }).error]).toEqual([404, "view_not_found"]);
    const client = await api.get("/v1/views/acme/export/emacs");
    expect([client.status, (client.body as { error: string }).error]).toEqual([404, "not_found"]);
  });
});

describe("a view as a registry (/views/{view}/v0.1)", () => {
  type Page = { servers: { server: { name: string } }[]; metadata: { count: number; nextCursor?: string } };
  /** Every entry of a list, page by page. */
  async function pagedNames(base: string, limit: number): Promise<string[]> {
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const { status, body } = await api.get(
        `${base}/servers?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(status).toBe(200);
      const page = body as Page;
      names.push(...page.servers.map((e) => e.server.name));
      cursor = page.metadata.nextCursor;
    } while (cursor);
    return names;
  }

  it("lists exactly the servers the view admits, paged to the end", async () => {
    expect(await pagedNames("/views/verified/v0.1", 1)).toEqual([VERIFIED]);
    expect(await pagedNames("/views/acme/v0.1", 1)).toEqual([STALE, VERIFIED]);
    expect(await pagedNames("/views/no-critical-advisories/v0.1", 1)).toEqual([STALE, VERIFIED]);
    // The whole catalog at /v0.1 is unchanged.
    expect(await pagedNames("/v0.1", 2)).toEqual([STALE, ADVISED, VERIFIED]);
  });

  it("answers a server's versions only when the view holds it, and 404 for an unknown view", async () => {
    const inView = await api.get(
      `/views/verified/v0.1/servers/${encodeURIComponent(VERIFIED)}/versions/latest`,
    );
    expect(inView.status).toBe(200);
    expect(inView.body).toEqual(
      (await api.get(`/v0.1/servers/${encodeURIComponent(VERIFIED)}/versions/latest`)).body,
    );
    const outside = await api.get(`/views/verified/v0.1/servers/${encodeURIComponent(ADVISED)}/versions`);
    expect([outside.status, (outside.body as { detail: string }).detail]).toEqual([404, "Server not found"]);
    const unknown = await api.get("/views/nope/v0.1/servers");
    expect([unknown.status, (unknown.body as { detail: string }).detail]).toEqual([404, "View not found"]);
  });

  it("carries the CORS headers Copilot and VS Code need, preflight included", async () => {
    const res = await fetch(`${api.url}/views/verified/v0.1/servers`, {
      method: "OPTIONS",
      headers: { origin: "https://vscode.dev", "access-control-request-method": "GET" },
    });
    expect([res.status, res.headers.get("access-control-allow-origin")]).toEqual([204, "*"]);
    expect((await api.get("/views/verified/v0.1/servers")).headers.get("access-control-allow-methods")).toBe(
      "GET, OPTIONS",
    );
  });

  it("an incremental sync across a change of who is in the view ends as a fresh sync does", async () => {
    type Entry = { server: { name: string; version: string }; _meta: Record<string, { status?: string }> };
    const entries = async (since?: string) => {
      const out: Entry[] = [];
      let cursor: string | undefined;
      do {
        const query = new URLSearchParams({ limit: "2" });
        if (since) query.set("updated_since", since);
        if (cursor) query.set("cursor", cursor);
        const page = (await api.get(`/views/verified/v0.1/servers?${query}`)).body as {
          servers: Entry[];
          metadata: { nextCursor?: string };
        };
        out.push(...page.servers);
        cursor = page.metadata.nextCursor;
      } while (cursor);
      return out;
    };
    /** A client's copy: name -> version, a deleted entry removing its server. */
    const apply = (copy: Map<string, string>, list: Entry[]) => {
      for (const e of list) {
        if (e._meta["io.modelcontextprotocol.registry/official"]?.status === "deleted")
          copy.delete(e.server.name);
        else copy.set(e.server.name, e.server.version);
      }
      return copy;
    };
    const copy = apply(new Map(), await entries());
    expect([...copy.keys()]).toEqual([VERIFIED]);
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    // The owner of VERIFIED is no longer verified; ADVISED's is.
    await h.db.pool.query(
      `UPDATE servers SET owner = jsonb_set(owner::jsonb, '{verified}', to_jsonb(name = $1))::json
       WHERE name IN ($1, $2)`,
      [ADVISED, VERIFIED],
    );
    apply(copy, await entries(since));
    const fresh = apply(new Map(), await entries());
    expect(copy).toEqual(fresh);
    expect([...fresh.keys()]).toEqual([ADVISED]);
  });
});

describe("views through the admin API", () => {
  const admin = (method: string, view: string, body?: unknown, token = ADMIN_TOKEN) =>
    fetch(`${api.url}/admin/views/${view}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  const counts = async () =>
    Object.fromEntries(
      ViewsBodySchema.parse((await api.get("/v1/views")).body).views.map((v) => [v.name, v.servers]),
    );

  it("defines, replaces and removes a view, served at once as a registry", async () => {
    const created = await admin("PUT", "team", {
      title: "Team",
      description: "",
      rules: { allow_names: ["com.example/*"] },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: "team", builtin: false });
    expect((await counts()).team).toBe(1);
    const names = (
      (await api.get("/views/team/v0.1/servers")).body as { servers: { server: { name: string } }[] }
    ).servers;
    expect(names.map((e) => e.server.name)).toEqual([STALE]);

    const replaced = await admin("PUT", "team", {
      title: "Team",
      description: "",
      rules: { allow_names: ["io.github.acme/*"] },
    });
    expect(replaced.status).toBe(200);
    expect((await counts()).team).toBe(2);

    expect((await admin("DELETE", "team")).status).toBe(204);
    expect((await counts()).team).toBeUndefined();
    expect((await api.get("/views/team/v0.1/servers")).status).toBe(404);
    expect((await admin("DELETE", "team")).status).toBe(404);
  });

  it("refuses invalid rules, fixed views and callers without the admin token", async () => {
    const invalid = await admin("PUT", "bad", { title: "Bad", description: "", rules: { min_trust: 500 } });
    expect([invalid.status, ((await invalid.json()) as { error: string }).error]).toEqual([
      400,
      "bad_request",
    ]);
    for (const fixed of ["verified", "acme"]) {
      const put = await admin("PUT", fixed, { title: "Mine", description: "", rules: {} });
      expect([fixed, put.status]).toEqual([fixed, 409]);
      expect([fixed, (await admin("DELETE", fixed)).status]).toEqual([fixed, 409]);
    }
    expect(
      (await admin("PUT", "team", { title: "T", description: "", rules: {} }, "wrong-token-of-some-length"))
        .status,
    ).toBe(401);
  });
});
