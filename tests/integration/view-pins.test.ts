import { createHarness, type Harness } from "@catalog/testing";
import { registryEntry, seedCatalog, startGateway, type Gateway } from "../support/read-api.js";

/**
 * A view that pins a server's version serves that version as the server's only and latest one,
 * on every endpoint, while /v0.1 goes on serving the real latest.
 */
const SERVER = "io.github.acme/weather";
const ADMIN_TOKEN = "admin-token-for-the-pins-test";
const OFFICIAL = "io.modelcontextprotocol.registry/official";

type Entry = { server: { name: string; version: string }; _meta: Record<string, { isLatest?: boolean }> };

let h: Harness;
let api: Gateway;

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(h, [
    registryEntry(
      { name: SERVER, description: "Forecasts", version: "1.0.0" },
      { publishedAt: "2025-10-01T10:00:00Z" },
    ),
    registryEntry(
      { name: SERVER, description: "Forecasts", version: "2.0.0" },
      { publishedAt: "2025-11-01T10:00:00Z" },
    ),
  ]);
  api = await startGateway(h, { ADMIN_TOKEN, VIEWS_REFRESH_MS: "0" });
  const put = await fetch(`${api.url}/admin/views/pinned`, {
    method: "PUT",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({
      title: "Pinned",
      description: "Weather at 1.0.0 only.",
      rules: { allow_names: ["com.nobody/*"], pinned: [{ name: SERVER, version: "1.0.0" }] },
    }),
  });
  expect(put.status).toBe(201);
});
afterAll(async () => {
  await api?.close();
  await h?.close();
});

const versionsOf = (body: unknown) =>
  (body as { servers: Entry[] }).servers.map((e) => [e.server.version, e._meta[OFFICIAL]?.isLatest]);
const path = `/servers/${encodeURIComponent(SERVER)}/versions`;

describe("a view's pinned version", () => {
  it("is the server's only version in the view's lists, and its latest", async () => {
    expect(versionsOf((await api.get("/views/pinned/v0.1/servers")).body)).toEqual([["1.0.0", true]]);
    expect(versionsOf((await api.get("/views/pinned/v0.1/servers?version=latest")).body)).toEqual([
      ["1.0.0", true],
    ]);
    expect(versionsOf((await api.get("/v0.1/servers?version=latest")).body)).toEqual([["2.0.0", true]]);
  });

  it("is what the view answers for the server's versions, its latest and that version alone", async () => {
    expect(versionsOf((await api.get(`/views/pinned/v0.1${path}`)).body)).toEqual([["1.0.0", true]]);
    const latest = (await api.get(`/views/pinned/v0.1${path}/latest`)).body as Entry;
    expect([latest.server.version, latest._meta[OFFICIAL]?.isLatest]).toEqual(["1.0.0", true]);
    expect((await api.get(`/views/pinned/v0.1${path}/1.0.0`)).status).toBe(200);
    expect((await api.get(`/views/pinned/v0.1${path}/2.0.0`)).status).toBe(404);
    expect(((await api.get(`/v0.1${path}/latest`)).body as Entry).server.version).toBe("2.0.0");
  });
});
