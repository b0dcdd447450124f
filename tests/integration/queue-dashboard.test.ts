import { createHarness, type Harness } from "@catalog/testing";
import type { Browser } from "playwright-core";
import { launchChromium } from "../support/chromium.js";
import { startGateway, type Gateway } from "../support/read-api.js";

const ADMIN = "admin-token-for-the-dashboard";
const VIEWER = "viewer-token-for-the-dashboard";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let h: Harness;
let api: Gateway;

beforeAll(async () => {
  h = await createHarness();
  api = await startGateway(h, { ADMIN_TOKEN: ADMIN, QUEUE_VIEWER_TOKEN: VIEWER });
});
afterAll(async () => {
  await api?.close();
  await h?.close();
});

const call = (method: string, path: string, token: string) =>
  fetch(`${api.url}/admin/queues${path}`, { method, headers: bearer(token) });

type QueuesBody = { queues: { name: string; readOnlyMode: boolean }[] };

describe("the queue dashboard", () => {
  it("shows every queue read-only to a viewer and refuses a viewer's actions", async () => {
    const listed = (await (await call("GET", "/api/queues", VIEWER)).json()) as QueuesBody;
    expect(listed.queues.length).toBeGreaterThan(3);
    expect(listed.queues.every((q) => q.readOnlyMode)).toBe(true);
    for (const [method, path] of [
      ["PUT", "/api/queues/prober/pause"],
      ["PUT", "/api/queues/catalog/retry/failed"],
      ["PUT", "/api/queues/search/clean/completed"],
      ["PUT", "/api/queues/prober/empty"],
    ] as const)
      expect([path, (await call(method, path, VIEWER)).status]).toEqual([path, 405]);
    expect(await h.bus.queue("prober").isPaused()).toBe(false);
  });

  it("lets the admin act on the same address", async () => {
    const listed = (await (await call("GET", "/api/queues", ADMIN)).json()) as QueuesBody;
    expect(listed.queues.every((q) => !q.readOnlyMode)).toBe(true);
    expect((await call("PUT", "/api/queues/prober/pause", ADMIN)).status).toBeLessThan(300);
    expect(await h.bus.queue("prober").isPaused()).toBe(true);
    expect((await call("PUT", "/api/queues/prober/resume", ADMIN)).status).toBeLessThan(300);
    expect(await h.bus.queue("prober").isPaused()).toBe(false);
  });

  it("keeps the viewer token off every other admin path", async () => {
    const blocklist = await fetch(`${api.url}/admin/blocklist`, { headers: bearer(VIEWER) });
    expect(blocklist.status).toBe(403);
    expect(await blocklist.json()).toMatchObject({ error: "admin_role_required" });
  });

  it("serves a page that loads nothing from another origin", async () => {
    const page = await call("GET", "/", VIEWER);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    const html = await page.text();
    expect(html).toContain('id="root"');
    expect(html).not.toMatch(/(?:href|src)="https?:\/\//);
  });

  it("renders in a browser with every request to the gateway itself", async () => {
    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      const context = await browser.newContext({ httpCredentials: { username: "viewer", password: VIEWER } });
      const page = await context.newPage();
      const origins = new Set<string>();
      page.on("request", (r) => origins.add(new URL(r.url()).origin));
      await page.goto(`${api.url}/admin/queues`);
      // The board lists the queues once its API answered.
      await page.getByText("prober", { exact: false }).first().waitFor({ timeout: 30_000 });
      expect([...origins]).toEqual([api.url]);
    } finally {
      await browser?.close();
    }
  }, 60_000);
});
