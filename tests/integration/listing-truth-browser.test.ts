import { CheckBodySchema, ServerDescriptorSchema, type CheckBody } from "@catalog/contracts";
import { entryHash, OFFICIAL_META_KEY } from "@catalog/registry";
import { createHarness, waitForIdle, type Harness } from "@catalog/testing";
import { startOAuthServer, type TestHttpServer } from "@catalog/testing/mcp";
import type { Worker } from "bullmq";
import type { Browser, BrowserContext } from "playwright-core";
import { createDependencyServices, startDependencyWorker } from "../../services/ingest/src/ingest.js";
import { artifactPath, launchChromium, loopbackOnly } from "../support/chromium.js";
import { startDependencyApis, type DependencyApis } from "../support/dependency-apis.js";
import { startProberStack, type ProberStack } from "../support/prober-stack.js";
import { registryEntry } from "../support/read-api.js";

/**
 * What a listing claims beside what is true, as a person sees it in Chromium: a remote that
 * answers the MCP handshake but asks for sign-in at tools/list (a late gate: live, its tools
 * unknown until sign-in, never "unreachable"), and a listing whose npm package is behind its
 * registry (listing_behind_package, the package's newest version in the descriptor). Everything
 * runs through the real services and queues: the gateway's check, the catalog's probe schedule
 * and the prober, the ingest's dependency resolve against deps.dev answers served on loopback
 * (tests/fixtures/dependencies). The screenshots are kept in test-artifacts/.
 */
const LISTING = "io.github.acme/gated-old";
/** Fictional: 1.4.0, the npm default, came out 113 days after the listed 1.1.0 (the 90-day rule). */
const PACKAGE = { name: "@acme/old-mcp", listed: "1.1.0", newest: "1.4.0" };
/** Bounds for a loaded 2-core machine: how long to keep polling, not how long things take. */
const SETTLE_MS = 240_000;

let h: Harness;
let stack: ProberStack;
let apis: DependencyApis;
let dependencies: { worker: Worker; stop: () => void };
let gated: TestHttpServer & { url: string };
let browser: Browser;
let context: BrowserContext;

const settings = (a: DependencyApis) => ({
  DEPSDEV_URL: a.depsDevUrl,
  OSV_URL: a.osvUrl,
  DEPENDENCY_TIMEOUT_MS: 10_000,
  DEPENDENCY_RETRIES: 2,
  DEPSDEV_MIN_INTERVAL_MS: 1,
  OSV_MIN_INTERVAL_MS: 1,
  DEPENDENCY_REFRESH_DAYS: 30,
  DEPENDENCY_MONITOR_TOP: 0,
  DEPENDENCY_CONCURRENCY: 1,
  WORKER_LOCK_MS: 30_000,
});

beforeAll(async () => {
  h = await createHarness();
  // The probe's own timeout is a bound, not a timing: a loaded machine answers loopback slowly.
  stack = await startProberStack(h, { PROBE_TIMEOUT_MS: "15000" });
  apis = await startDependencyApis();
  dependencies = startDependencyWorker(h, createDependencyServices(h, settings(apis)), settings(apis));
  gated = await startOAuthServer({ gate: "late" });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  await loopbackOnly(context);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  dependencies?.stop();
  await dependencies?.worker.close();
  await stack?.stop();
  await apis?.close();
  await gated?.close();
  await h?.close();
});

/** Polls until `read` gives a value, or fails naming what it waited for. */
async function until<T>(what: string, read: () => Promise<T | null | undefined>, ms = SETTLE_MS): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function checkOf(url: string): Promise<CheckBody> {
  const res = await fetch(`${stack.gateway}/v1/check?wait=25`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url }),
  });
  expect(res.status).toBeLessThan(300);
  const first = CheckBodySchema.parse(await res.json());
  // Held 25 s at a time until the probe is done.
  return until("the check to finish", async () => {
    if (first.status === "done") return first;
    const again = CheckBodySchema.parse(
      await (await fetch(`${stack.gateway}/v1/check/${first.id}?wait=25`)).json(),
    );
    return again.status === "done" ? again : null;
  });
}

describe("a late-gate remote and a stale listing, seen in Chromium", () => {
  it("the check page shows a late gate as needing sign-in with its tools unknown, never as unreachable", async () => {
    const body = await checkOf(gated.url);
    expect(body.result?.probe).toMatchObject({ outcome: "auth_required", access: "late_gate" });
    // The probe went as far as tools/list: the gate is late, not at the handshake.
    expect(gated.requests.map((r) => r.mcpMethod)).toContain("tools/list");

    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const response = await page.goto(body.page);
    expect(response?.status()).toBe(200);
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0); // done, not in progress
    const text = await page.locator("main").innerText();
    expect(text).toMatch(/Access\s+late gate \(answers MCP; needs sign-in, tools unknown until then\)/);
    expect(text).toMatch(/Tools\s+Needs sign-in: the tools are unknown until then\./);
    expect(text).toMatch(/Protocol\s+2026-07-28/);
    expect(text).toContain("gated-weather"); // the handshake's server info is kept
    expect(text).toContain("OAuth is required.");
    expect(text).not.toMatch(/unreachable|did not answer|not completed/i);
    expect(errors).toEqual([]);
    await page.screenshot({ path: artifactPath("late-gate-check-page.png"), fullPage: true });
    await page.close();
  }, 180_000);

  it(
    "the descriptor shows the remote's late gate, the package's newest version and listing_behind_package",
    async () => {
      const entry = registryEntry({
        name: LISTING,
        description: "Weather behind sign-in, listed at an old package version.",
        version: PACKAGE.listed,
        remotes: [{ type: "streamable-http", url: gated.url }],
        packages: [
          {
            registryType: "npm",
            identifier: PACKAGE.name,
            version: PACKAGE.listed,
            transport: { type: "stdio" },
          },
        ],
      });
      // As the mirror writes a listing: the catalog's upsert job, which queues the dependency resolve.
      await h.bus.add("catalog", "upsert-version", {
        entry,
        hash: entryHash(entry.server, entry._meta[OFFICIAL_META_KEY]),
        source: "import",
      });
      await until("the listing's probe target", () =>
        h.db.prisma.probeTarget.findFirst({ where: { serverName: LISTING, url: gated.url, active: true } }),
      );
      // Make the new target due and run a scheduling round: catalog -> prober -> catalog.
      await h.db.prisma.probeTarget.updateMany({
        where: { serverName: LISTING, active: true },
        data: { nextProbeAt: new Date(Date.now() - 1000) },
      });
      await h.bus.add("catalog", "schedule-probes", {});
      const probe = await until("the scheduled probe of the remote", () =>
        h.db.prisma.probe.findFirst({ where: { serverName: LISTING, url: gated.url, scheduled: true } }),
      );
      expect(probe.access).toBe("late_gate");
      await until("the package's newest version from deps.dev", () =>
        h.db.prisma.dependencyReport.findFirst({
          where: { serverName: LISTING, packageName: PACKAGE.name, newestVersion: { not: null } },
        }),
      );
      // The catalog re-derives the listing (trust flags, connection) after the probe and the resolve.
      await waitForIdle(h.bus, ["catalog", "prober"], SETTLE_MS);
      const descriptorUrl = `${stack.gateway}/v1/servers/${encodeURIComponent(LISTING)}`;
      const descriptor = await until("listing_behind_package on the descriptor", async () => {
        const d = ServerDescriptorSchema.parse(await (await fetch(descriptorUrl)).json());
        return d.trust.flags.includes("listing_behind_package") ? d : null;
      });
      expect(descriptor.remotes).toEqual([expect.objectContaining({ url: gated.url, access: "late_gate" })]);
      expect(descriptor.packages).toEqual([
        expect.objectContaining({
          identifier: PACKAGE.name,
          version: PACKAGE.listed,
          newest: expect.objectContaining({ version: PACKAGE.newest, behind: "stale" }),
        }),
      ]);

      const page = await context.newPage();
      const response = await page.goto(descriptorUrl);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["content-type"]).toMatch(/^application\/json/);
      // Chromium's JSON view shows the text as served, with a Pretty-print switch (in a closed
      // shadow root, so reached by the keyboard) that re-indents it in place for the screenshot.
      if ((await page.locator("div.json-formatter-container").count()) === 1) {
        await page.keyboard.press("Tab");
        await page.keyboard.press("Space");
        // Cosmetic: the assertions below read the raw text as well as the indented one.
        await until(
          "the pretty-printed JSON",
          async () => ((await page.locator("pre").innerText()).includes("\n  ") ? true : null),
          30_000,
        ).catch(() => undefined);
      }
      const text = await page.locator("body").innerText();
      expect(text).toMatch(new RegExp(`"url":\\s*"${gated.url.replace(/[.]/g, "\\.")}"`));
      expect(text).toMatch(/"access":\s*"late_gate"/);
      expect(text).toMatch(new RegExp(`"identifier":\\s*"${PACKAGE.name}"`));
      expect(text).toMatch(
        new RegExp(`"newest":\\s*\\{\\s*"version":\\s*"${PACKAGE.newest.replace(/[.]/g, "\\.")}"`),
      );
      expect(text).toMatch(/"behind":\s*"stale"/);
      expect(text).toContain('"listing_behind_package"');
      expect(text).not.toMatch(/"access":\s*(null|"hard_gate"|"open")/);
      await page.screenshot({ path: artifactPath("stale-listing-descriptor.png"), fullPage: true });
      await page.close();
    },
    SETTLE_MS * 2,
  );
});
