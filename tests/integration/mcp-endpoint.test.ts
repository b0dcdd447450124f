import { ACTION_NAMES } from "@catalog/contracts";
import { createHarness, type Harness } from "@catalog/testing";
import { startGateway, type Gateway } from "../support/read-api.js";

let h: Harness;
let gateway: Gateway;
let mcp: string;

beforeAll(async () => {
  h = await createHarness();
  gateway = await startGateway(h);
  mcp = `${gateway.url}/mcp`;
});

afterAll(async () => {
  await gateway.close();
  await h.close();
});

const VERSION = "2026-07-28";
const META = {
  "io.modelcontextprotocol/protocolVersion": VERSION,
  "io.modelcontextprotocol/clientInfo": { name: "raw-http", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const JSON_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

type RpcReply = { status: number; headers: Headers; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function post(body: unknown, headers: Record<string, string> = {}): Promise<RpcReply> {
  const res = await fetch(mcp, {
    method: "POST",
    headers: { ...JSON_HEADERS, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {} };
}

/** A 2026-07-28 request: `_meta` envelope and the standard headers. */
function modern(method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const name: Record<string, string> = typeof params.name === "string" ? { "mcp-name": params.name } : {};
  return post(
    { jsonrpc: "2.0", id: 7, method, params: { ...params, _meta: META } },
    { "mcp-protocol-version": VERSION, "mcp-method": method, ...name, ...headers },
  );
}

/** A 2025-era request: no envelope, no standard headers. */
const legacy = (method: string, params: Record<string, unknown> = {}) =>
  post({ jsonrpc: "2.0", id: 3, method, params });

describe("/mcp over HTTP", () => {
  it.each(["GET", "DELETE", "PUT"])("answers %s with 405 method_not_allowed", async (method) => {
    const res = await fetch(mcp, { method, headers: { accept: "text/event-stream" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toMatchObject({ error: "method_not_allowed" });
  });

  it("refuses a body that is not JSON (415) and an Accept without JSON and SSE (406)", async () => {
    const discover = { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: META } };
    const text = await post(discover, { "content-type": "text/plain" });
    expect(text.status).toBe(415);
    expect(text.body.error.message).toMatch(/Content-Type must be application\/json/);
    for (const accept of ["application/json", "text/event-stream", "text/html"]) {
      const refused = await post(discover, { accept });
      expect(refused.status).toBe(406);
      expect(refused.body.error.message).toMatch(
        /Accept must cover application\/json and text\/event-stream/,
      );
    }
    const wildcard = await post(discover, {
      accept: "*/*",
      "mcp-protocol-version": VERSION,
      "mcp-method": "server/discover",
    });
    expect(wildcard.status).toBe(200);
  });

  it("answers server/discover with versions, capabilities, instructions, identity and caching", async () => {
    const { status, headers, body } = await modern("server/discover");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body.id).toBe(7);
    expect(body.result).toMatchObject({
      resultType: "complete",
      supportedVersions: [VERSION],
      capabilities: { tools: { listChanged: false } },
      instructions: expect.stringMatching(/^Catalog of MCP servers/),
      ttlMs: 3_600_000,
      cacheScope: "public",
      _meta: {
        "io.modelcontextprotocol/serverInfo": { name: "mcp-server-catalog", version: expect.any(String) },
      },
    });
  });

  it("lists the tools in the same order every time, cacheable for an hour", async () => {
    const first = await modern("tools/list");
    const second = await modern("tools/list");
    expect(first.body.result).toMatchObject({ ttlMs: 3_600_000, cacheScope: "public" });
    expect(first.body.result.tools.map((t: { name: string }) => t.name)).toEqual([...ACTION_NAMES]);
    expect(second.body.result.tools).toEqual(first.body.result.tools);
  });

  it("calls a tool in a single request, without discover or initialize", async () => {
    const { status, body } = await modern("tools/call", {
      name: "get_server",
      arguments: { name: "io.example/x" },
    });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      isError: true,
      structuredContent: { error: "server_not_found", next_actions: [{ action: "search" }] },
    });
    const old = await legacy("tools/call", { name: "get_server", arguments: { name: "io.example/x" } });
    expect(old.body.result.structuredContent).toEqual(body.result.structuredContent);
  });

  it("checks the standard headers and the protocol version", async () => {
    const mismatch = await modern("tools/list", {}, { "mcp-method": "tools/call" });
    expect([mismatch.status, mismatch.body.error.code]).toEqual([400, -32020]);
    const name = await modern(
      "tools/call",
      { name: "search", arguments: { q: "x" } },
      { "mcp-name": "get_server" },
    );
    expect([name.status, name.body.error.code]).toEqual([400, -32020]);
    const unsupported = await post(
      {
        jsonrpc: "2.0",
        id: 9,
        method: "tools/list",
        params: { _meta: { ...META, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } },
      },
      { "mcp-protocol-version": "2099-01-01", "mcp-method": "tools/list" },
    );
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error).toMatchObject({
      code: -32022,
      data: { supported: [VERSION], requested: "2099-01-01" },
    });
    const unknown = await modern("prompts/list");
    expect([unknown.status, unknown.body.error.code, unknown.body.id]).toEqual([404, -32601, 7]);
  });

  it("serves the initialize handshake (2025-11-25 and older) with plain JSON and the same tools", async () => {
    const init = await legacy("initialize", {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "raw-http", version: "1.0.0" },
    });
    expect(init.status).toBe(200);
    expect(init.headers.get("content-type")).toMatch(/^application\/json/);
    expect(init.headers.get("mcp-session-id")).toBeNull();
    expect(init.headers.get("cache-control")).toBe("no-store");
    expect(init.body.result).toMatchObject({
      protocolVersion: "2025-11-25",
      serverInfo: { name: "mcp-server-catalog" },
      instructions: expect.stringMatching(/^Catalog of MCP servers/),
    });
    for (const older of ["2025-06-18", "2025-03-26", "2024-11-05"]) {
      const reply = await legacy("initialize", {
        protocolVersion: older,
        capabilities: {},
        clientInfo: { name: "old", version: "1" },
      });
      expect(reply.body.result.protocolVersion).toBe(older);
    }
    const initialized = await post({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(initialized.status).toBe(202);
    const tools = await legacy("tools/list");
    expect(tools.headers.get("content-type")).toMatch(/^application\/json/);
    expect(tools.body.result.ttlMs).toBeUndefined();
    expect(tools.body.result.tools).toEqual((await modern("tools/list")).body.result.tools);
  });

  it("answers a JSON-RPC batch with an array, even a batch of one", async () => {
    const call = (id: number | string) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "get_server", arguments: { name: "io.example/x" } },
    });
    const one = await post([call(1)]);
    expect(one.status).toBe(200);
    expect(Array.isArray(one.body)).toBe(true);
    expect(one.body).toHaveLength(1);
    expect(one.body[0]).toMatchObject({ id: 1, result: { isError: true } });
  });

  it("serves batches of several messages (counted per message when limits are on)", async () => {
    const call = (id: number | string) => ({ jsonrpc: "2.0", id, method: "tools/list", params: {} });
    const two = await post([call(1), { jsonrpc: "2.0", method: "notifications/initialized" }, call("b")]);
    expect(two.status).toBe(200);
    expect(two.body.map((r: { id: unknown }) => r.id).sort()).toEqual([1, "b"]);
  });

  it("refuses empty, oversized and ambiguous batches whole, with one JSON-RPC error", async () => {
    const call = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list", params: {} });
    const cases: [unknown[], RegExp][] = [
      [[], /empty/],
      [Array.from({ length: 101 }, (_, i) => call(i)), /at most 100/],
      [[call(4), call(4)], /distinct ids/],
    ];
    for (const [batch, message] of cases) {
      const { status, body } = await post(batch);
      expect(status).toBe(400);
      expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
      expect(body.error.message).toMatch(message);
    }
  });

  it("answers bad JSON-RPC with JSON-RPC errors and refuses oversized bodies", async () => {
    const garbled = await post("{not json");
    expect([garbled.status, garbled.body.error.code]).toEqual([400, -32700]);
    const noMethod = await post({ jsonrpc: "2.0", id: 5, params: {} });
    expect([noMethod.status, noMethod.body.error.code]).toEqual([400, expect.any(Number)]);
    const big = await modern("tools/call", { name: "search", arguments: { q: "x".repeat(70_000) } });
    expect([big.status, big.body.error.message]).toEqual([413, expect.stringMatching(/exceeds 65536 bytes/)]);
  });
});
