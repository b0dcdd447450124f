import {
  startLegacyServer,
  startModernServer,
  startOAuthServer,
  startSseServer,
  type TestHttpServer,
} from "@catalog/testing/mcp";
import { SafeHttp } from "@catalog/url-policy";
import { probeMcp } from "./probe.js";

const http = new SafeHttp({ testMode: true });
const servers: TestHttpServer[] = [];
async function serve<T extends TestHttpServer>(server: Promise<T>): Promise<T> {
  const s = await server;
  servers.push(s);
  return s;
}

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await http.close();
});

describe("access classes against real servers on loopback", () => {
  it("open: the handshake and tools/list both answer unauthenticated", async () => {
    const server = await serve(startModernServer());
    const { result } = await probeMcp(server.url, { http });
    expect(result).toMatchObject({ outcome: "ok", access: "open", capabilities: { tools: {} } });
  });

  it("late gate: the handshake answers, tools/list asks for sign-in; the handshake and the discovery are kept", async () => {
    const server = await serve(startOAuthServer({ gate: "late" }));
    const { result, tools } = await probeMcp(server.url, { http });
    expect(result).toMatchObject({
      outcome: "auth_required",
      access: "late_gate",
      transport: "streamable-http",
      protocol: { era: "modern", version: "2026-07-28" },
      server_info: { name: "gated-weather" },
      capabilities: { tools: {} },
      tool_count: 0,
      http_status: 401,
      auth: {
        required: true,
        authorization_servers: [`${server.origin}/auth`],
        challenge_scope: "weather.read",
        problems: [],
      },
    });
    expect(result.tools_error).toMatch(/tools\/list failed/);
    expect(result.detail).toMatch(/tools are unknown until sign-in/);
    expect(tools).toEqual([]);
    expect(server.requests.map((r) => r.mcpMethod)).toContain("tools/list");
  });

  it("hard gate: the handshake itself answers 401", async () => {
    const server = await serve(startOAuthServer({ gate: "hard" }));
    const { result } = await probeMcp(server.url, { http });
    expect(result).toMatchObject({
      outcome: "auth_required",
      access: "hard_gate",
      protocol: { era: null, version: null },
      server_info: null,
      auth: { required: true },
    });
  });

  it("no class when there is no MCP answer", async () => {
    const { result } = await probeMcp("http://127.0.0.1:9/mcp", { http, timeoutMs: 2000 });
    expect(result.access).toBeNull();
  });
});

describe("list caching (2026-07-28 ttlMs and cacheScope)", () => {
  it("records what tools/list says about caching it", async () => {
    const server = await serve(startModernServer({ listCache: { ttlMs: 86_400_000, cacheScope: "public" } }));
    const { result } = await probeMcp(server.url, { http });
    expect(result.tools_cache).toEqual({ ttl_ms: 86_400_000, cache_scope: "public" });
  });

  it("records the SDK's default (not cacheable, private), and none for an older server", async () => {
    const modern = await serve(startModernServer());
    const { result: current } = await probeMcp(modern.url, { http });
    expect(current.tools_cache).toEqual({ ttl_ms: 0, cache_scope: "private" });
    const legacy = await serve(startLegacyServer());
    const { result } = await probeMcp(legacy.url, { http });
    expect(result).toMatchObject({ access: "open", tools_cache: { ttl_ms: null, cache_scope: null } });
  });
});

describe("a list still cacheable is not asked for again", () => {
  it("runs the handshake only, and says until when the last list is reused", async () => {
    const server = await serve(startModernServer());
    const until = new Date(Date.now() + 86_400_000);
    const { result, tools } = await probeMcp(server.url, {
      http,
      listFreshUntil: until,
      compareAs: { name: "claude-code", version: "2" },
    });
    expect(result).toMatchObject({
      outcome: "ok",
      access: "open",
      tools_reused_until: until.toISOString(),
      tools_cache: null,
      tool_count: 0,
      cloaking: null,
      protocol: { version: "2026-07-28" },
    });
    expect(tools).toEqual([]);
    expect(server.requests.map((r) => r.mcpMethod)).not.toContain("tools/list");
  });

  it("lists again once the time has passed", async () => {
    const server = await serve(startModernServer());
    const { result } = await probeMcp(server.url, { http, listFreshUntil: new Date(Date.now() - 1) });
    expect(result).toMatchObject({ tools_reused_until: null, tool_count: 3 });
    expect(server.requests.map((r) => r.mcpMethod)).toContain("tools/list");
  });
});

describe("the evidence of deprecations", () => {
  it("an HTTP+SSE-only server is probed over sse (the deprecated transport)", async () => {
    const server = await serve(startSseServer());
    const { result } = await probeMcp(server.url, { http });
    expect(result).toMatchObject({ outcome: "ok", access: "open", transport: "sse" });
  });

  it("a DCR-only authorization server offers registration but no client ID metadata documents", async () => {
    const server = await serve(startOAuthServer({ registration: "dcr_only" }));
    const { result } = await probeMcp(server.url, { http });
    expect(result.auth).toMatchObject({
      registration_endpoint: `${server.origin}/auth/register`,
      client_id_metadata_document_supported: false,
    });
  });
});
