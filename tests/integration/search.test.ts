import { loadConfig } from "@catalog/config";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import {
  nextAction,
  SearchFullResponseSchema,
  SearchResponseSchema,
  type SearchResult,
} from "@catalog/contracts";
import { sharedImportData, waitForIdle, type Harness } from "@catalog/testing";
import { startCatalogWorker } from "../../services/catalog/src/catalog.js";
import { createApp } from "../../services/gateway/src/app.js";
import { SearchClient } from "../../services/gateway/src/search/search-client.js";
import type { SearchService } from "../../services/search/src/search.js";
import { connectV2 } from "../support/mcp-clients.js";
import {
  MCP_RESULT_BUDGET,
  MCP_TOOLS_LIST_BUDGET,
  measureResultSizes,
  sizeSample,
} from "../support/mcp-sizes.js";
import { searchCatalogHarness, startSearchFor } from "../support/search-catalog.js";
import {
  labelledSets,
  measureIntents,
  measureNames,
  measureTasks,
  type Searcher,
} from "../support/search-sets.js";

const sets = labelledSets();

const port = (s: Server) => (s.address() as AddressInfo).port;

describe("hybrid search over the real catalog", () => {
  let h: Harness;
  let search: SearchService;
  let gateway: Server;
  let base: string;

  beforeAll(async () => {
    h = await searchCatalogHarness();
    search = await startSearchFor(h);
    await search.ready;
    const app = createApp({
      db: h.db,
      bus: h.bus,
      search: new SearchClient(`http://127.0.0.1:${port(search.http)}`),
      log: h.log,
      // Search tests send far more than 20 requests a minute; limits have their own tests.
      config: loadConfig({ ...h.env, RATE_LIMIT_ENABLED: "false" }),
    });
    gateway = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${port(gateway)}`;
  }, 900_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
    await search.stop();
    await h.close();
  });

  const get = async (query: string) => {
    const res = await fetch(`${base}/v1/search?${query}`);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };
  const results = async (query: string): Promise<SearchResult[]> => {
    const { status, body } = await get(query);
    expect(status).toBe(200);
    return SearchFullResponseSchema.parse(body).results;
  };

  // The copied catalog was loaded through the queues and embedded by the search service, in this
  // run or an earlier one of the same code (searchCatalogHarness).
  it("indexes every server and tool, each with a stored vector", async () => {
    const { rows } = await h.db.pool.query(
      `SELECT kind, count(*)::int AS n, count(DISTINCT embed_hash)::int AS texts FROM search_documents GROUP BY kind ORDER BY kind`,
    );
    const tools = Object.values(sharedImportData().tools).reduce(
      (n, list) => n + new Set(list.map((t) => t.name)).size,
      0,
    );
    expect(rows).toEqual([
      { kind: "server", n: 1206, texts: expect.any(Number) },
      { kind: "tool", n: tools, texts: expect.any(Number) },
    ]);
    const missing = await h.db.pool.query(
      `SELECT count(*)::int AS n FROM search_documents d
       WHERE NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.content_hash = d.embed_hash)`,
    );
    expect(missing.rows[0].n).toBe(0);
  });

  // The labelled sets through the HTTP API; the full figures and ablations are in the quality
  // benchmark (docs/search.md). The floors sit a little under the measured figures.
  const api: Searcher = async (q) => ({
    mode: "hybrid",
    results: await results(`q=${encodeURIComponent(q)}&limit=10`),
  });

  it("puts a server named after the product first for product names", async () => {
    const figures = await measureNames(api, sets.names);
    expect(figures["P@1"]).toBeGreaterThanOrEqual(0.97); // measured 0.985
    const slack = (await results("q=slack&limit=5")).map((r) => r.name);
    expect(sets.names.find((n) => n.q === "slack")!.servers).toContain(slack[0]);
  });

  it("answers single intents in plain words with the servers that do it", async () => {
    const figures = await measureIntents(api, sets.intents);
    // Measured 0.469 and 0.384 (the targets of 0.85 are not met: docs/search.md).
    expect(figures["server Recall@5"]).toBeGreaterThanOrEqual(0.43);
    expect(figures["tool Recall@5"]).toBeGreaterThanOrEqual(0.35);
  });

  it("covers each step of a task in several steps among the first five", async () => {
    const figures = await measureTasks(api, sets.tasks);
    // Measured 0.677 and 0.593.
    expect(figures["server Recall@5"]).toBeGreaterThanOrEqual(0.63);
    expect(figures["tool Recall@5"]).toBeGreaterThanOrEqual(0.55);
  });

  it("finds a team-chat server for a message intent that shares no word with its name", async () => {
    const found = (await results("q=send%20a%20message%20to%20a%20team%20channel&limit=5")).map(
      (r) => r.name,
    );
    const chat = sets.intents.find((i) => i.q === "send a message to a team channel")!;
    expect(found.some((n) => chat.servers.includes(n))).toBe(true);
  });

  it("groups by server: one result per server, with the tools that matched, best first", async () => {
    const found = await results("q=see%20what%20changed%20in%20my%20git%20working%20tree&limit=20");
    expect(new Set(found.map((r) => r.name)).size).toBe(found.length);
    const git = found.find((r) => r.name === "org.livemcpbench/mcp-server-git-a-git-mcp-server");
    expect(git).toBeDefined();
    expect(git!.matched_tools.length).toBeGreaterThan(0);
    expect(git!.matched_tools.map((t) => t.name)).toContain("git_status");
    expect(git!.matched_tools.every((t) => t.description.length > 0)).toBe(true);
    const scores = found.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("applies filters before the limit", async () => {
    const all = await results("q=weather%20forecast&limit=50");
    expect(all.length).toBeGreaterThan(15);
    // Mark servers ranked 16th and below as trusted live remote servers, then refresh the facts.
    // (Offline, no server of the snapshot has a probe: none is R0, live or trusted 90.)
    const deep = all.slice(15, 27).map((r) => r.name);
    await h.db.pool.query(
      `UPDATE servers SET trust_score = 90, trust_flags = ARRAY['remote_reachable','oauth_protected'],
         categories = ARRAY['location-maps'], connection_class = 'R0' WHERE name = ANY($1)`,
      [deep],
    );
    await h.db.pool.query(
      `UPDATE servers SET trust_flags = ARRAY['remote_reachable','deprecated'] WHERE name = $1`,
      [deep[0]],
    );
    for (const name of deep) await search.indexer.indexServer(name);

    const trusted = await results("q=weather%20forecast&limit=10&min_trust=90");
    expect(trusted).toHaveLength(10);
    expect(trusted.every((r) => r.trust_score >= 90 && deep.includes(r.name))).toBe(true);

    const classed = await results("q=weather%20forecast&limit=50&class=R0&category=location-maps");
    expect(classed.map((r) => r.name).sort()).toEqual([...deep].sort());

    const flagged = await results("q=weather%20forecast&limit=50&flags=remote_reachable,oauth_protected");
    expect(flagged.map((r) => r.name).sort()).toEqual(deep.slice(1).sort());
    const excluded = await results("q=weather%20forecast&limit=50&min_trust=90&exclude_flags=deprecated");
    expect(excluded.map((r) => r.name)).not.toContain(deep[0]);
    expect(excluded).toHaveLength(deep.length - 1);
  });

  it("says what each result's tools cost in context and keeps those under max_tokens", async () => {
    const all = await results("q=search%20the%20web&limit=30");
    const counted = all.filter((r) => r.tool_tokens !== null);
    expect(counted.length).toBeGreaterThan(5);
    const budget = [...counted.map((r) => r.tool_tokens!)].sort((a, b) => a - b)[
      Math.floor(counted.length / 2)
    ]!;
    const cheap = await results(`q=search%20the%20web&limit=30&max_tokens=${budget}`);
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.every((r) => r.tool_tokens !== null && r.tool_tokens <= budget)).toBe(true);
    // Nothing within the budget is lost to the limit: every counted cheap server of the first 30 is there.
    const names = cheap.map((r) => r.name);
    for (const r of counted.filter((c) => c.tool_tokens! <= budget)) expect(names).toContain(r.name);
  });

  it("keeps only servers with a non-templated remote of the asked transport", async () => {
    const found = await results("q=search%20the%20web&limit=50&transport=sse");
    expect(found.length).toBeGreaterThan(0);
    const { rows } = await h.db.pool.query(
      `SELECT s.name FROM servers s JOIN server_versions v ON v.server_name = s.name AND v.is_latest,
         json_array_elements(COALESCE(v.server_json->'remotes', '[]'::json)) r
       WHERE r->>'type' = 'sse' AND r->>'url' NOT LIKE '%{%'`,
    );
    const sse = new Set(rows.map((r: { name: string }) => r.name));
    expect(found.every((r) => sse.has(r.name))).toBe(true);
  });

  it("answers with the documented body, cache headers and next actions", async () => {
    const { status, headers, body } = await get("q=postgres&limit=3");
    expect(status).toBe(200);
    const parsed = SearchResponseSchema.parse(body);
    expect(parsed.mode).toBe("hybrid");
    expect(parsed.results).toHaveLength(3);
    expect(headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=120");
    expect(parsed.next_actions).toEqual(
      expect.arrayContaining([
        nextAction("get_server", { name: parsed.results[0]!.name }),
        nextAction("get_connection", { name: parsed.results[0]!.name }),
      ]),
    );
    const health = (await (await fetch(`${base}/healthz`)).json()) as { search: string };
    expect(health.search).toBe("hybrid");
  });

  it.each([
    ["", "q"],
    [`q=${"x".repeat(501)}`, "q"],
    ["q=%20%20", "q"],
    ["q=a&limit=0", "limit"],
    ["q=a&limit=51", "limit"],
    ["q=a&limit=ten", "limit"],
    ["q=a&class=R0,R9", "class"],
    ["q=a&transport=stdio", "transport"],
    ["q=a&access=open,closed", "access"],
    ["q=a&category=pets", "category"],
    ["q=a&min_trust=101", "min_trust"],
    ["q=a&flags=shiny", "flags"],
    ["q=a&exclude_flags=", "exclude_flags"],
    ["limit=5", "q"],
    ["intents=", "intents"],
    ["q=a&intents=%20", "intents"],
    [`intents=${"x".repeat(501)}`, "intents"],
    [Array.from({ length: 9 }, (_, i) => `intents=step${i}`).join("&"), "intents"],
    ["q=a&detail=tiny", "detail"],
  ])("rejects %s with 400 bad_request on %s", async (query, field) => {
    const { status, headers, body } = await get(query);
    expect(status).toBe(400);
    expect(body.error).toBe("bad_request");
    expect(Object.keys((body.issues as { fieldErrors: object }).fieldErrors)).toContain(field);
    expect(headers.get("cache-control")).toBe("no-store");
  });

  const enc = encodeURIComponent;
  const full = async (query: string) => {
    const { status, body } = await get(query);
    expect(status).toBe(200);
    return SearchFullResponseSchema.parse(body);
  };
  const labelsOf = (q: string) => sets.intents.find((i) => i.q === q)!.servers;

  it("answers the agent's own steps one by one and merged in turns", async () => {
    const weather = "what will the weather be like tomorrow in my city";
    const papers = "find scientific papers about a subject";
    const body = await full(`intents=${enc(weather)}&intents=${enc(papers)}&limit=6`);
    expect(body.intents!.map((i) => [i.intent, i.source])).toEqual([
      [weather, "given"],
      [papers, "given"],
    ]);
    const [first, second] = body.intents!;
    expect(first!.results.length).toBe(5);
    const found = (i: { results: { name: string }[] }, labels: string[]) =>
      i.results.slice(0, 3).some((r) => labels.includes(r.name));
    expect(found(first!, labelsOf(weather))).toBe(true);
    expect(found(second!, labelsOf(papers))).toBe(true);
    // Merged in turns: each step's best first, then each one's second (scores never rise down
    // the list, so two of a turn may show the same score, and then the cheaper comes first).
    const merged = body.results.map((r) => r.name);
    expect(merged.slice(0, 2)).toEqual([first!.results[0]!.name, second!.results[0]!.name]);
    expect(new Set(merged.slice(2, 4))).toEqual(new Set([first!.results[1]!.name, second!.results[1]!.name]));
    expect(body.results).toHaveLength(6);
    for (const r of [...body.results, ...body.intents!.flatMap((i) => i.results)])
      expect(["strong", "partial", "weak"]).toContain(r.match);
    expect(first!.results.every((r) => r.line.length > 0 && r.tools.length <= 5)).toBe(true);
    // q beside the steps: the steps are what is answered.
    const both = await full(`q=${enc("plan a weekend")}&intents=${enc(weather)}&limit=3`);
    expect(both.intents!.map((i) => i.source)).toEqual(["given"]);
    // One intent alone is still listed, since the agent asked in steps.
    expect((await full(`intents=${enc(weather)}&limit=3`)).intents).toHaveLength(1);
    // A plain query keeps the answer it always had.
    expect((await full(`q=${enc(weather)}&limit=3`)).intents).toBeUndefined();
  });

  it("answers the needs a task implies: an output file finds the servers that write files", async () => {
    const task = "Compare the prices of three phones and save the table as Markdown at /tmp/phones.md";
    const body = await full(`q=${enc(task)}&limit=10`);
    const implied = body.intents!.find((i) => i.source === "implied")!;
    expect(implied).toMatchObject({ capability: "local_files", implied_by: "as Markdown" });
    expect(implied.results.map((r) => r.name)).toContain("org.livemcpbench/filesystem-mcp-server");
    // After the named need's best, never before it.
    expect(body.intents![0]!.source).toBe("query");
    expect(body.results[0]!.name).toBe(body.intents![0]!.results[0]!.name);
    expect(body.results.map((r) => r.name)).toContain(implied.results[0]!.name);
    // A step that carries the artefact itself answers it: no implied turn of its own.
    const steps = await full(`q=${enc(task)}&intents=${enc("write the table to /tmp/phones.md")}`);
    expect(steps.intents!.map((i) => i.source)).toEqual(["given"]);
  });

  it("applies the filters to every intent", async () => {
    const { rows } = await h.db.pool.query(
      `SELECT s.name FROM servers s JOIN server_versions v ON v.server_name = s.name AND v.is_latest,
         json_array_elements(COALESCE(v.server_json->'remotes', '[]'::json)) r
       WHERE r->>'type' = 'sse' AND r->>'url' NOT LIKE '%{%'`,
    );
    const sse = new Set(rows.map((r: { name: string }) => r.name));
    const body = await full(
      `intents=${enc("search the web")}&intents=${enc("send an email")}&transport=sse&limit=10`,
    );
    const names = [...body.results, ...body.intents!.flatMap((i) => i.results)].map((r) => r.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => sse.has(n))).toBe(true);
  });

  it("offers short detail levels: ten results named with one line in 2 KB", async () => {
    const query = `q=${enc("send a message to a team channel")}&limit=10`;
    const whole = await full(query);
    const { body: summary } = await get(`${query}&detail=summary`);
    expect(SearchResponseSchema.parse(summary)).toMatchObject({ detail: "summary" });
    const results = summary.results as { name: string; line: string; match: string }[];
    expect(results.map((r) => r.name)).toEqual(whole.results.map((r) => r.name));
    expect(results.every((r) => r.line.length <= 90)).toBe(true);
    // Ten results named with one line each in 2 KB (with the next actions, a few hundred bytes more).
    expect(Buffer.byteLength(JSON.stringify(results))).toBeLessThanOrEqual(2048);
    expect(summary.next_actions).toEqual(whole.next_actions);
    const { body: names } = await get(`${query}&detail=names`);
    expect(names.results).toEqual(whole.results.map((r) => ({ name: r.name, match: r.match })));
    // Per-intent answers follow the level.
    const { body: steps } = await get(`intents=${enc("fetch a web page")}&detail=names`);
    expect(Object.keys((steps.intents as { results: object[] }[])[0]!.results[0]!)).toEqual([
      "name",
      "match",
    ]);
  });

  it("answers intents and detail levels through the MCP tool as REST does", async () => {
    const client = await connectV2(`${base}/mcp`, "auto");
    try {
      const args = { intents: ["fetch a web page", "write a file to disk"], detail: "summary", limit: 5 };
      const result = await client.callTool("search", args);
      const rest = await (
        await fetch(
          `${base}/v1/search?intents=${enc(args.intents[0]!)}&intents=${enc(args.intents[1]!)}&detail=summary&limit=5`,
        )
      ).json();
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(rest);
      const bad = await client.callTool("search", { intents: [] });
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("keeps MCP results within an agent's budget: compact by default, whole when asked", async () => {
    const client = await connectV2(`${base}/mcp`, "auto");
    try {
      const servers = sizeSample();
      const queries = sets.intents.slice(0, 20).map((i) => i.q);
      const sizes = await measureResultSizes(client, base, queries, servers);
      // Characters of one result's text block, for the largest of the sample.
      expect({
        search: sizes.search.mcp.max <= MCP_RESULT_BUDGET.search,
        get_server: sizes.get_server.mcp.max <= MCP_RESULT_BUDGET.get_server,
        list_tools: sizes.list_tools.mcp.max <= MCP_RESULT_BUDGET.list_tools,
        get_connection: sizes.get_connection.mcp.max <= MCP_RESULT_BUDGET.get_connection,
        sizes,
      }).toMatchObject({ search: true, get_server: true, list_tools: true, get_connection: true });
      expect(JSON.stringify(await client.listTools()).length).toBeLessThanOrEqual(MCP_TOOLS_LIST_BUDGET);
      // The largest tool list is cut, and `full` and `schemas` bring back what REST sends.
      const largest = servers[0]!;
      const compact = await client.callTool("list_tools", { name: largest });
      expect(compact.content[0]?.text).toContain("more characters: call again with full: true");
      const whole = await client.callTool("list_tools", { name: largest, full: true, schemas: true });
      const rest = await (await fetch(`${base}/v1/servers/${encodeURIComponent(largest)}/tools`)).json();
      expect(whole.structuredContent).toEqual(rest);
    } finally {
      await client.close();
    }
  });

  it("a restart loads the stored vectors and embeds nothing", async () => {
    const before = (await h.db.pool.query(`SELECT count(*)::int AS n FROM embeddings`)).rows[0].n;
    const again = await startSearchFor(h);
    try {
      await again.ready;
      expect(again.engine.mode).toBe("hybrid");
      const docs = (await h.db.pool.query(`SELECT count(*)::int AS n FROM search_documents`)).rows[0].n;
      const index = again.vectors()!;
      expect((await index.count("server")) + (await index.count("tool"))).toBe(docs);
      expect((await h.db.pool.query(`SELECT count(*)::int AS n FROM embeddings`)).rows[0].n).toBe(before);
    } finally {
      await again.stop();
    }
  });

  it("answers in keyword mode when the provider is none, in every form", async () => {
    const keyword = await startSearchFor(h, { EMBEDDING_PROVIDER: "none" });
    try {
      await keyword.ready;
      const answer = await keyword.engine.search({
        q: "postgres database",
        limit: 10,
        filters: {},
        retrievers: "hybrid",
      });
      expect(answer.mode).toBe("keyword");
      expect(answer.results.length).toBe(10);
      expect(answer.results.some((r) => r.name === "ai.waystation/postgres")).toBe(true);
      // Meaning without the model: the encoder trained on the catalog answers alone.
      const meaning = await keyword.engine.search({
        q: "postgres database",
        limit: 10,
        filters: {},
        retrievers: "semantic",
      });
      expect(meaning.mode).toBe("keyword");
      expect(meaning.results.map((r) => r.name)).toContain("ai.waystation/postgres");
      const steps = await keyword.engine.search({
        q: "Query the orders table and save the totals to /tmp/totals.csv",
        intents: ["run SQL against a Postgres database"],
        limit: 5,
        filters: {},
        retrievers: "hybrid",
      });
      expect(steps.intents!.map((i) => i.source)).toEqual(["given", "implied"]);
      expect(steps.intents!.every((i) => i.results.length > 0)).toBe(true);
      const mode = await fetch(`http://127.0.0.1:${port(keyword.http)}/internal/mode`);
      expect(((await mode.json()) as { mode: string }).mode).toBe("keyword");
    } finally {
      await keyword.stop();
    }
  });

  it("forgets cached candidates when a server changes, on this replica and on the others", async () => {
    const other = await startSearchFor(h, { EMBEDDING_PROVIDER: "none" });
    try {
      await other.ready;
      const names = async (replica: SearchService, q: string) =>
        (await replica.engine.search({ q, limit: 10, filters: {}, retrievers: "keyword" })).results.map(
          (r) => r.name,
        );
      const [first, second] = ["ai.waystation/postgres", "org.livemcpbench/mcp-server-git-a-git-mcp-server"];
      expect(await names(search, "quokkabridge")).toEqual([]);
      expect(await names(other, "quokkabridge")).toEqual([]);

      await h.db.pool.query(
        `UPDATE servers SET description = description || ' quokkabridge' WHERE name = $1`,
        [first],
      );
      await search.indexer.indexServer(first);
      expect(await names(search, "quokkabridge")).toEqual([first]);
      // The other replica hears of the change through the change feed.
      for (let i = 0; i < 50 && (await names(other, "quokkabridge")).length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await names(other, "quokkabridge")).toEqual([first]);

      await h.db.pool.query(
        `UPDATE servers SET description = description || ' quokkabridge' WHERE name = $1`,
        [second],
      );
      await other.indexer.indexServer(second);
      expect((await names(other, "quokkabridge")).sort()).toEqual([first, second].sort());
      for (let i = 0; i < 50 && (await names(search, "quokkabridge")).length < 2; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await names(search, "quokkabridge")).sort()).toEqual([first, second].sort());

      // A tool added through the catalog's job path is found on both replicas, with its server.
      const worker = startCatalogWorker({
        db: h.db,
        bus: h.bus,
        log: h.log,
        config: { CATALOG_CONCURRENCY: 1, WORKER_LOCK_MS: 30_000, PROBE_INTERVAL_MS: 86_400_000 },
      });
      try {
        const tools = sharedImportData().tools["org.livemcpbench/mcp-server-git-a-git-mcp-server"]!;
        await h.bus.add("catalog", "import-tools", {
          serverName: second,
          tools: [...tools, { name: "wombat_ledger", description: "Balances the wombat ledger" }],
          observedAt: new Date().toISOString(),
        });
        await waitForIdle(h.bus, ["catalog", "search"], 60_000);
        const tool = async (replica: SearchService) =>
          (await replica.engine.search({ q: "wombat ledger", limit: 3, filters: {}, retrievers: "keyword" }))
            .results[0];
        for (let i = 0; i < 50 && (await tool(other))?.name !== second; i++)
          await new Promise((r) => setTimeout(r, 100));
        for (const replica of [search, other]) {
          const top = await tool(replica);
          expect(top?.name).toBe(second);
          expect(top?.matched_tools[0]).toEqual({
            name: "wombat_ledger",
            description: "Balances the wombat ledger",
          });
        }
      } finally {
        await worker.close();
      }
    } finally {
      await other.stop();
    }
  });
});
