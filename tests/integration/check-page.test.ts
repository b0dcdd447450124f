import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { createHarness, type Harness } from "@catalog/testing";
import {
  sampleTools,
  startModernServer,
  startOAuthServer,
  startWebPage,
  type TestHttpServer,
} from "@catalog/testing/mcp";
import type { CheckBody } from "@catalog/contracts";
import { startProberStack, type ProberStack } from "../support/prober-stack.js";

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../test-artifacts");

let h: Harness;
let stack: ProberStack;
let browser: Browser;
const servers: TestHttpServer[] = [];

beforeAll(async () => {
  h = await createHarness();
  stack = await startProberStack(h);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  mkdirSync(artifacts, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await stack.stop();
  await Promise.all(servers.map((s) => s.close()));
  await h.close();
});

async function check(url: string, wait: number): Promise<CheckBody> {
  const res = await fetch(`${stack.gateway}/v1/check?wait=${wait}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url }),
  });
  return (await res.json()) as CheckBody;
}

describe("the check page in a real browser", () => {
  it("shows outcome, protocol, tools, quality and readiness, escapes what the server sent, and stays unindexed", async () => {
    const hostile = {
      name: "render_html",
      description:
        'Renders <script>window.__owned = true</script><img src=x onerror="window.__owned = true">',
      inputSchema: { type: "object" },
    };
    const server = await startModernServer({ tools: () => [...sampleTools(), hostile] });
    servers.push(server);
    const body = await check(server.url, 10);
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const response = await page.goto(body.page);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(await page.title()).toBe(`Check of ${server.url}`);
    const text = await page.locator("main").innerText();
    expect(text).toContain("Answered MCP 2026-07-28 over streamable-http with 4 tool(s).");
    expect(text).toMatch(/Protocol\s+2026-07-28 \(modern\)/);
    expect(text).toContain("Tools (4)");
    expect(text).toContain("get_forecast");
    expect(text).toContain("No authorization required.");
    expect(text).toContain("Anthropic Connectors Directory (Claude)");
    expect(text).toContain("OpenAI Apps Directory (ChatGPT)");
    expect(await page.locator("table").nth(1).locator("tbody tr").count()).toBe(13); // every quality check
    expect(text).toContain("Renders <script>window.__owned = true</script>");
    expect(await page.evaluate("window.__owned")).toBeUndefined();
    expect(await page.locator("main script, main img").count()).toBe(0);
    expect(errors).toEqual([]);
    expect(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")).toBe(true);
    await page.screenshot({ path: path.join(artifacts, "check-page.png"), fullPage: true });
    await page.close();
  });

  it("reads on a phone, and shows the OAuth setup of a protected server", async () => {
    const server = await startOAuthServer();
    servers.push(server);
    const body = await check(server.url, 10);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    await page.goto(body.page);
    const text = await page.locator("main").innerText();
    expect(text).toContain("OAuth is required.");
    expect(text).toContain(`${server.origin}/auth/token`);
    expect(text).toContain("The metadata is complete.");
    expect(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")).toBe(true);
    await page.screenshot({ path: path.join(artifacts, "check-page-oauth-mobile.png"), fullPage: true });
    await page.close();
  });

  it("shows authorization as not known, never as not required, when the remote did not answer MCP", async () => {
    const server = await startWebPage();
    servers.push(server);
    const body = await check(server.url, 10);
    const page = await browser.newPage();
    await page.goto(body.page);
    const text = await page.locator("main").innerText();
    const unknown = "Not known: the remote did not answer: not_mcp.";
    expect(text).toMatch(new RegExp(`Authorization\\s+${unknown}`));
    expect(text).not.toContain("No authorization required");
    const row = (label: string) => page.locator("tr", { hasText: label });
    expect(await row("auth_metadata").innerText()).toContain(unknown); // quality
    expect(await row("Authless, or OAuth").innerText()).toContain(unknown); // Claude readiness
    expect(await row("OAuth 2.1 with PKCE S256").innerText()).toContain(unknown); // ChatGPT readiness
    await page.close();
  });

  it("shows a check in progress, refreshing itself until it is done", async () => {
    const server = await startModernServer({ delayMs: 1500 });
    servers.push(server);
    const body = await check(server.url, 0);
    const page = await browser.newPage();
    await page.goto(body.page);
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(1);
    expect(await page.locator("main").innerText()).toMatch(/The check is (queued|running)/);
    // The probe takes several 1.5 s answers; a bound for a loaded machine, not a timing (it
    // failed a clean-clone run at 15 s beside benchmarks).
    await page.waitForSelector("text=Answered MCP", { timeout: 90_000 });
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    await page.close();
  }, 120_000);
});
