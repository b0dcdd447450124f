import { BadRequestBodySchema, ProblemSchema, encodeCursor } from "@catalog/contracts";
import { createHarness, type Harness } from "@catalog/testing";
import { registryEntry, seedCatalog, startGateway, type Gateway } from "../support/read-api.js";

/**
 * The requests of issue 16 that reached PostgreSQL unvalidated (500) or looked like an outage
 * (503): each answers 400 in the documented shape now. The fuzz suite (tests/fuzz) searches
 * for more; these stay as named regressions.
 */
const NAME = "io.github.acme/weather";
let h: Harness;
let api: Gateway;

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(
    h,
    [registryEntry({ name: NAME, description: "Weather", version: "1.0.0" })],
    [{ serverName: NAME, tools: [{ name: "forecast" }], observedAt: "2025-12-18T12:00:00Z" }],
  );
  api = await startGateway(h);
});

afterAll(async () => {
  await api.close();
  await h.close();
});

const history = (at: string, id: string) =>
  `/v1/servers/${NAME}/tools/history?before=${encodeCursor([at, id])}`;

describe("hostile input answers 400, never 5xx", () => {
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
    ["broken percent-encoding in a check id", "/v1/check/%C0%AF"],
  ])("%s", async (_what, path) => {
    const reply = await api.get(path);
    expect(reply.status).toBe(400);
    expect(BadRequestBodySchema.safeParse(reply.body).success).toBe(true);
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
