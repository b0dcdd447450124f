import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHarness, type Harness } from "@catalog/testing";
import { launchChromium } from "../support/chromium.js";
import { serveGateway, type RunningGateway } from "../support/gateway.js";
import { registryEntry, seedCatalog } from "../support/read-api.js";

/**
 * /v0.1 as GitHub Copilot and VS Code require of an organisation's registry
 * (../shared/reference/12_copilot_registry.md): the three endpoints readable from any origin,
 * with the three headers on every answer and the OPTIONS preflight answered.
 */
const SERVER = "io.github.acme/weather";
const ENDPOINTS = [
  "/v0.1/servers",
  `/v0.1/servers/${encodeURIComponent(SERVER)}/versions/latest`,
  `/v0.1/servers/${encodeURIComponent(SERVER)}/versions/1.0.0`,
];
const REQUIRED = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, OPTIONS",
  "access-control-allow-headers": "Authorization, Content-Type",
};

let h: Harness;
let open: RunningGateway;
let limited: RunningGateway;

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(h, [registryEntry({ name: SERVER, description: "Forecasts" })]);
  open = await serveGateway(h, () => ({ RATE_LIMIT_ENABLED: "false" }));
  limited = await serveGateway(h, () => ({ RATE_LIMIT_ENABLED: "true", RATE_LIMIT_ANONYMOUS: "2" }));
});
afterAll(async () => {
  await open?.close();
  await limited?.close();
  await h?.close();
});

const corsOf = (res: Response) =>
  Object.fromEntries(Object.keys(REQUIRED).map((k) => [k, res.headers.get(k)]));

describe("CORS on /v0.1", () => {
  it("carries the three headers on every endpoint's answers, errors included", async () => {
    for (const path of [
      ...ENDPOINTS,
      "/v0.1/servers/io.github.acme%2Fnone/versions/latest",
      "/v0.1/servers?limit=0",
    ]) {
      const res = await fetch(open.url + path, { headers: { origin: "https://vscode.dev" } });
      expect([path, corsOf(res)]).toEqual([path, REQUIRED]);
    }
    expect((await fetch(open.url + ENDPOINTS[0]!)).status).toBe(200);
  });

  it("answers the preflight of each endpoint, uncounted by the limits", async () => {
    for (const path of ENDPOINTS) {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(limited.url + path, {
          method: "OPTIONS",
          headers: {
            origin: "https://vscode.dev",
            "access-control-request-method": "GET",
            "access-control-request-headers": "authorization",
          },
        });
        expect([path, res.status, corsOf(res)]).toEqual([path, 204, REQUIRED]);
        expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
      }
    }
    // The preflights spent nothing: the limit of 2 still admits two reads, and its 429 is readable.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(limited.url + ENDPOINTS[1]!)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(corsOf(await fetch(limited.url + ENDPOINTS[1]!))).toEqual(REQUIRED);
  });

  it("lets a page of another origin read the registry with an Authorization header", async () => {
    const page: Server = createServer((_req, res) => res.end("<!doctype html><title>client</title>"));
    await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
    const browser = await launchChromium();
    try {
      const tab = await browser.newPage();
      await tab.goto(`http://localhost:${(page.address() as AddressInfo).port}/`);
      // localhost and 127.0.0.1 are different origins; Authorization makes the browser preflight.
      const names = await tab.evaluate(async (url) => {
        const res = await fetch(url, { headers: { authorization: "Bearer anything" } });
        const body = (await res.json()) as { servers: { server: { name: string } }[] };
        return body.servers.map((s) => s.server.name);
      }, `${open.url}/v0.1/servers`);
      expect(names).toEqual([SERVER]);
    } finally {
      await browser.close();
      page.close();
    }
  }, 60_000);
});
