import {
  BadRequestBodySchema,
  INLINE_TOOLS_MAX,
  ProblemSchema,
  ServerDescriptorSchema,
  encodeCursor,
} from "@catalog/contracts";
import { createHarness, type Harness } from "@catalog/testing";
import { registryEntry, seedCatalog, startGateway, type Gateway } from "../support/read-api.js";

/**
 * The requests of issue 16 that reached PostgreSQL unvalidated (500) or looked like an outage
 * (503): each answers 400 in the documented shape now. The fuzz suite (tests/fuzz) searches
 * for more; these stay as named regressions.
 */
const NAME = "io.github.acme/weather";
/** A server offering more tools than a body carries inline. */
const MANY = "io.github.acme/many-tools";
const MANY_TOOLS = 150;
let h: Harness;
let api: Gateway;

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(
    h,
    [
      registryEntry({ name: NAME, description: "Weather", version: "1.0.0" }),
      registryEntry({
        name: MANY,
        description: "Many tools",
        version: "1.0.0",
        remotes: [{ type: "streamable-http", url: "https://many.example/mcp" }],
      }),
    ],
    [
      { serverName: NAME, tools: [{ name: "forecast" }], observedAt: "2025-12-18T12:00:00Z" },
      {
        serverName: MANY,
        tools: Array.from({ length: MANY_TOOLS }, (_, i) => ({ name: `tool_${String(i).padStart(3, "0")}` })),
        observedAt: "2025-12-18T12:00:00Z",
      },
    ],
  );
  api = await startGateway(h);
});

afterAll(async () => {
  await api.close();
  await h.close();
});

const history = (at: string, id: string) =>
  `/v1/servers/${NAME}/tools/history?before=${encodeCursor([at, id])}`;

describe("hostile input answers 400 (or an id's 404), never 5xx", () => {
  it.each([
    ["NUL in a server name", "/v1/servers/io.github.acme%2Fwea%00ther"],
    ["NUL in a tools path name", "/v1/servers/io.github.acme/wea%00ther/tools"],
    ["NUL in a search", "/v1/search?q=weather%00"],
    ["a control character in a search", "/v1/search?q=weather%1B"],
    ["NUL in a tools cursor", `/v1/servers/${NAME}/tools?cursor=${encodeCursor(["a\u0000"])}`],
    ["a history date of '1'", history("1", "1")],
    ["a history date of 'foo 1'", history("foo 1", "1")],
    ["February 30", history("2025-02-30T00:00:00Z", "1")],
    ["year 275760", history("+275760-09-13T00:00:00.000Z", "1")],
    ["an id above int8", history("2025-12-18T12:00:00Z", "9223372036854775808")],
  ])("%s", async (_what, path) => {
    const reply = await api.get(path);
    expect(reply.status).toBe(400);
    expect(BadRequestBodySchema.safeParse(reply.body).success).toBe(true);
  });

  // An id names a thing or nothing: one that does not decode names nothing (issue 45).
  it.each([
    ["broken percent-encoding in a check id", "/v1/check/%C0%AF"],
    ["NUL in a check id", "/v1/check/ab%00cd"],
  ])("%s: the check's 404", async (_what, path) => {
    const reply = await api.get(path);
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ error: "check_not_found" });
  });

  it.each([
    ["NUL in a registry name", `/v0.1/servers/io.github.acme%2Fwea%00ther/versions`],
    ["NUL in a registry version", `/v0.1/servers/${encodeURIComponent(NAME)}/versions/1.0%00`],
    ["NUL in a registry cursor", "/v0.1/servers?cursor=a%00b:1.0.0"],
    ["NUL in a registry search", "/v0.1/servers?search=a%00b"],
    ["NUL in a registry version filter", "/v0.1/servers?version=1%00"],
  ])("%s (registry problem)", async (_what, path) => {
    const reply = await api.get(path);
    expect([400, 422]).toContain(reply.status);
    expect(ProblemSchema.safeParse(reply.body).success).toBe(true);
  });

  it("still answers good history cursors and tabs or line breaks in a search's layout", async () => {
    expect((await api.get(history("2025-12-18T12:00:00Z", "1"))).status).toBe(200);
    // No search service behind this gateway: past validation, a search is unavailable (503).
    expect((await api.get("/v1/search?q=1.%20weather%0A2.%09alerts")).status).toBe(503);
  });
});

describe("bodies stay bounded", () => {
  it("a descriptor carries the first tools inline and pages on from the last", async () => {
    const reply = await api.get(`/v1/servers/${MANY}?schemas=true`);
    const body = ServerDescriptorSchema.parse(reply.body);
    expect(body.tools).toHaveLength(INLINE_TOOLS_MAX);
    expect(body.tool_count).toBe(MANY_TOOLS);
    const more = body.next_actions.find((a) => a.action === "list_tools");
    expect(more?.arguments.cursor).toBe(encodeCursor([body.tools.at(-1)!.name]));
    const rest = await api.get(`/v1/servers/${MANY}/tools?cursor=${String(more?.arguments.cursor)}`);
    expect(rest.body.count).toBe(MANY_TOOLS - INLINE_TOOLS_MAX);
  });

  it("a /v0.1 single version carries at most as many tools and says it cut them", async () => {
    const reply = await api.get(`/v0.1/servers/${encodeURIComponent(MANY)}/versions/latest`);
    expect(reply.body._meta["dev.service/tools"]).toHaveLength(INLINE_TOOLS_MAX);
    expect(reply.body._meta["dev.service/tools_truncated"]).toBe(true);
    const small = await api.get(`/v0.1/servers/${encodeURIComponent(NAME)}/versions/latest`);
    expect(small.body._meta["dev.service/tools"]).toHaveLength(1);
    expect(small.body._meta["dev.service/tools_truncated"]).toBeUndefined();
  });
});

describe("text PostgreSQL refuses, from an import", () => {
  it("stores a tool list holding U+0000 and a lone surrogate, replaced by U+FFFD", async () => {
    const name = "io.github.acme/nul-tools";
    await seedCatalog(
      h,
      [registryEntry({ name, description: "NUL", version: "1.0.0" })],
      [
        {
          serverName: name,
          tools: [{ name: "read\u0000file", description: "reads \ud800 a file\u0000" }],
          observedAt: "2025-12-18T12:00:00Z",
        },
      ],
    );
    const reply = await api.get(`/v1/servers/${name}/tools`);
    expect(reply.body.tools.map((t: { name: string }) => t.name)).toEqual(["read\ufffdfile"]);
    expect(reply.body.tools[0].description).toBe("reads \ufffd a file\ufffd");
  });
});
