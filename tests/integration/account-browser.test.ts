import { existsSync, statSync } from "node:fs";
import type { Browser } from "playwright-core";
import { UsageRepository } from "@catalog/db";
import { createHarness, type Harness } from "@catalog/testing";
import { lastUtcDays } from "../../services/gateway/src/time/utc-day.js";
import { artifactPath, launchChromium, loopbackOnly } from "../support/chromium.js";
import { serveGateway, type RunningGateway } from "../support/gateway.js";
import { startOidcProvider, type TestProvider } from "../support/oidc-provider.js";

describe("the account page in headless Chromium, without JavaScript", () => {
  let h: Harness;
  let provider: TestProvider;
  let gateway: RunningGateway;
  let browser: Browser;

  beforeAll(async () => {
    h = await createHarness();
    gateway = await serveGateway(h, async (url) => {
      provider = await startOidcProvider(`${url}/auth/callback`);
      return {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        SESSION_SECRET: "browser-test-session-secret-0123456789",
      };
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await gateway.close();
    await provider.close();
    await h.close();
  });

  it("signs in at the provider, creates, shows, uses and revokes a key, and signs out", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1100, height: 900 },
    });
    await loopbackOnly(context);
    const page = await context.newPage();
    // Problems on our pages (a CSP violation would show here), not on the provider's.
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && page.url().startsWith(gateway.url))
        problems.push(`${page.url()}: ${m.text()}`);
    });

    await page.goto(`${gateway.url}/account`);
    await page.click("#sign-in");
    // The provider's own login and consent forms.
    await page.fill('input[name="login"]', "dora");
    await page.fill('input[name="password"]', "any password");
    await page.click('button[type="submit"]');
    await page.click('button[type="submit"]');
    await page.waitForURL(`${gateway.url}/account`);
    expect(await page.textContent("header")).toContain("Signed in as dora@example.test");

    await page.click('text="Create API key"');
    const key = (await page.textContent("#new-key"))!.trim();
    expect(key).toMatch(/^svc_[0-9A-Za-z]{43}$/);

    // Some history to draw, then today's use through the key.
    const { id: accountId } = await h.db.prisma.account.findFirstOrThrow({ where: { subject: "dora" } });
    const days = lastUtcDays(new Date(), 30);
    await new UsageRepository(h.db.prisma).raiseTo(
      days.slice(0, -1).flatMap((day, i) => [
        { accountId, day, operation: "search", count: (i * 37) % 90 },
        { accountId, day, operation: "get_connection", count: (i * 11) % 25 },
      ]),
    );
    for (const path of ["/v0.1/servers?limit=1", "/v1/search?q=files", "/v1/servers/io.github.x/y/tools"])
      expect((await fetch(`${gateway.url}${path}`, { headers: { "x-api-key": key } })).status).not.toBe(401);
    await gateway.usage.flush();

    await page.goto(`${gateway.url}/account`);
    expect(await page.innerText("#quota-used")).toMatch(
      /^3 of 5,000 requests used today \(UTC\); 4,997 left\./,
    );
    expect(await page.getAttribute("progress", "value")).toBe("3");
    const keyRow = page.locator("#key-list tbody tr");
    expect(await keyRow.count()).toBe(1);
    expect(await keyRow.textContent()).toContain(`svc_${key.slice(4, 12)}…`);
    expect(await keyRow.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const today = page.locator("#usage-table tbody tr").first();
    expect(await today.locator("td").allTextContents()).toEqual([
      days[29],
      "1",
      "0",
      "1",
      "0",
      "0",
      "0",
      "0",
      "0",
      "0",
      "1",
      "0",
      "3",
    ]);
    expect(await page.locator("#usage-table tbody tr").count()).toBe(30);
    const tenDaysAgo = page.locator("#usage-table tbody tr").nth(10);
    expect(await tenDaysAgo.locator("td").allTextContents()).toEqual(
      [
        days[19],
        (19 * 37) % 90,
        0,
        0,
        (19 * 11) % 25,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        ((19 * 37) % 90) + ((19 * 11) % 25),
      ].map(String),
    );
    expect(await page.locator("svg rect").count()).toBe(30);

    const screenshot = artifactPath("account-page.png");
    await page.screenshot({ path: screenshot, fullPage: true });
    expect(existsSync(screenshot) && statSync(screenshot).size).toBeGreaterThan(10_000);

    await page.click('#key-list button:has-text("Revoke")');
    await page.waitForURL(`${gateway.url}/account`);
    expect(await keyRow.textContent()).toContain("revoked");
    const refused = await fetch(`${gateway.url}/v0.1/servers`, { headers: { "x-api-key": key } });
    expect(refused.status).toBe(401);

    await page.click('button:has-text("Sign out")');
    expect(await page.textContent("body")).toContain("Sign in");
    expect(problems).toEqual([]);
    await context.close();
  });
});
