import { startCardServer, type CardAnswer, type TestHttpServer } from "@catalog/testing/mcp";
import { SafeHttp, type Resolver } from "@catalog/url-policy";
import { probeMcp } from "./probe.js";

/** `private.test` resolves to a private address; nothing else resolves. */
const resolver: Resolver = async (hostname) => {
  if (hostname === "private.test") return [{ address: "10.20.30.40", family: 4 }];
  throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
};
const http = new SafeHttp({ testMode: true, resolver });
const servers: TestHttpServer[] = [];
async function serve(answers: Record<string, CardAnswer>): Promise<TestHttpServer & { url: string }> {
  const s = await startCardServer(answers);
  servers.push(s);
  return s;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await http.close();
});

const card = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: "io.example/weather", version: "1.0.0", ...extra });
const cardPaths = (s: TestHttpServer) => s.requests.filter((r) => r.path !== "/mcp").map((r) => r.path);

describe("the server card a probe reads", () => {
  it.each([
    ["/mcp/server-card", "server-card", 1],
    ["/.well-known/mcp.json", "well-known-mcp-json", 2],
    ["/.well-known/mcp/server-card.json", "well-known-mcp-server-card-json", 3],
    ["/.well-known/mcp-server-card", "well-known-mcp-server-card", 4],
  ])("finds a card at %s and stops there", async (path, location, requests) => {
    const server = await serve({ [path]: { body: card() } });
    const { result } = await probeMcp(server.url, { http });
    expect(result.outcome).toBe("ok");
    expect(result.server_card).toMatchObject({
      status: "found",
      location,
      url: `${server.origin}${path}`,
      card: { name: "io.example/weather", version: "1.0.0" },
      bytes: Buffer.byteLength(card()),
    });
    expect(result.server_card?.attempts).toHaveLength(requests);
    expect(cardPaths(server)).toHaveLength(requests);
  });

  it("reads each of the four locations once when there is no card, and says so", async () => {
    const server = await serve({});
    const { result } = await probeMcp(server.url, { http });
    expect(result.server_card).toMatchObject({ status: "absent", location: null, card: null });
    expect(result.server_card?.attempts.map((a) => [a.read, a.http_status])).toEqual([
      ["absent", 404],
      ["absent", 404],
      ["absent", 404],
      ["absent", 404],
    ]);
    expect(cardPaths(server)).toEqual([
      "/mcp/server-card",
      "/.well-known/mcp.json",
      "/.well-known/mcp/server-card.json",
      "/.well-known/mcp-server-card",
    ]);
  });

  it("keeps a card that embeds tools as it is (the comparison judges it)", async () => {
    const server = await serve({ "/mcp/server-card": { body: card({ tools: [{ name: "get_forecast" }] }) } });
    const { result } = await probeMcp(server.url, { http });
    expect(result.server_card?.card).toHaveProperty("tools", [{ name: "get_forecast" }]);
    expect(result.server_card).toMatchObject({
      name: "io.example/weather",
      remotes: null,
      embeds: ["tools"],
    });
  });

  it("records malformed JSON and a nameless object as unreadable, and reads on to a valid card", async () => {
    const server = await serve({
      "/mcp/server-card": { body: "{ not json" },
      "/.well-known/mcp.json": { body: "[1, 2]" },
    });
    const { result } = await probeMcp(server.url, { http });
    expect(result.outcome).toBe("ok");
    expect(result.server_card).toMatchObject({ status: "unreadable", card: null });
    expect(result.server_card?.attempts.slice(0, 2)).toEqual([
      expect.objectContaining({ read: "malformed", detail: "Not JSON." }),
      expect.objectContaining({ read: "malformed", detail: "Not a JSON object." }),
    ]);

    const later = await serve({
      "/mcp/server-card": { body: JSON.stringify({ description: "no name" }) },
      "/.well-known/mcp-server-card": { body: card() },
    });
    const found = (await probeMcp(later.url, { http })).result.server_card;
    expect(found).toMatchObject({ status: "found", location: "well-known-mcp-server-card" });
    expect(found?.attempts[0]).toMatchObject({ read: "malformed", detail: "The object has no name." });
  });

  it("reads no more of an oversized card than the object limit, declared or streamed", async () => {
    const big = card({ description: "x".repeat(5000) });
    const server = await serve({
      "/mcp/server-card": { body: big, headers: { "content-length": String(Buffer.byteLength(big)) } },
      "/.well-known/mcp.json": { body: big },
    });
    const { result } = await probeMcp(server.url, { http, maxSchemaBytes: 1024 });
    expect(result.server_card).toMatchObject({ status: "unreadable", card: null });
    expect(result.server_card?.attempts.slice(0, 2).map((a) => a.read)).toEqual(["oversized", "oversized"]);
  });

  it("refuses a card location that redirects to a private address", async () => {
    const server = await serve({
      "/mcp/server-card": { status: 302, body: "", headers: { location: "http://private.test/card.json" } },
    });
    const { result } = await probeMcp(server.url, { http });
    expect(result.outcome).toBe("ok");
    expect(result.server_card?.attempts[0]).toMatchObject({ read: "refused", http_status: null });
    expect(result.server_card?.attempts[0]?.detail).toMatch(/private|public/i);
    expect(result.server_card?.status).toBe("absent");
  });

  it("reads no card from a host that never answered", async () => {
    const { result } = await probeMcp("http://nowhere.test/mcp", { http });
    expect(result.outcome).toBe("dns_error");
    expect(result.server_card).toBeNull();
  });
});
