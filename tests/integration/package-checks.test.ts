import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CheckBody, PackageCheckResult } from "@catalog/contracts";
import { createHarness, type Harness } from "@catalog/testing";
import { startIntrospector, type Introspector } from "../../services/prober/src/introspector.js";
import { INTROSPECTION_FIXTURES, startNpmRegistry, type NpmRegistry } from "../support/npm-registry.js";
import { startProberStack, type ProberStack } from "../support/prober-stack.js";

const NAME = "introspection-fixture-tools";
// Installs and starts in the sandbox on a loaded 2-core machine: generous.
const LONG = 300_000;

let h: Harness;
let stack: ProberStack;
let registry: NpmRegistry;
let introspection: Introspector;
const cacheDir = mkdtempSync(join(tmpdir(), "package-checks-cache-"));

beforeAll(async () => {
  h = await createHarness();
  registry = await startNpmRegistry([join(INTROSPECTION_FIXTURES, "tools")]);
  stack = await startProberStack(h, { CHECK_LIMIT_ANONYMOUS: "100" });
  introspection = startIntrospector({
    db: h.db,
    bus: h.bus,
    log: h.log,
    config: { ...stack.config, INTROSPECTION_CACHE_DIR: cacheDir, NPM_REGISTRY_URL: registry.url },
  });
});

afterAll(async () => {
  await introspection.stop();
  await stack.stop();
  await registry.close();
  await h.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

type Answer = { status: number; headers: Headers; body: CheckBody & Record<string, unknown> };

async function post(body: unknown, wait = 0): Promise<Answer> {
  const res = await fetch(`${stack.gateway}/v1/check?wait=${wait}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer["body"] };
}

/** The check once done, asked for with the longest wait until it is (within the test's deadline). */
async function finished(location: string): Promise<CheckBody> {
  for (;;) {
    const res = await fetch(`${location}?wait=25`);
    const body = (await res.json()) as CheckBody;
    if (res.status === 200) return body;
    expect(res.status).toBe(202);
  }
}

const packageResult = (body: CheckBody) => body.result as PackageCheckResult;

describe("POST /v1/check with a package", () => {
  it.each([
    ["an unknown registry type", { package: { registry_type: "cargo", identifier: NAME } }, "package"],
    ["a malformed identifier", { package: { registry_type: "npm", identifier: "Weather MCP!" } }, "package"],
    [
      "a range for a version",
      { package: { registry_type: "npm", identifier: NAME, version: "^1.0.0" } },
      "package",
    ],
    [
      "a malformed version",
      { package: { registry_type: "npm", identifier: NAME, version: "1.0" } },
      "package",
    ],
    [
      "both a url and a package",
      { url: "https://mcp.example.com/mcp", package: { registry_type: "npm", identifier: NAME } },
      "url",
    ],
    ["neither", {}, "url"],
  ])("answers %s with 400 bad_request naming the field", async (_, body, field) => {
    const before = await h.db.prisma.check.count();
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: "bad_request",
      issues: { fieldErrors: { [field]: [expect.any(String)] } },
    });
    expect(await h.db.prisma.check.count()).toBe(before);
  });

  it(
    "starts the package in the sandbox: 202 with location and retry-after, then 200 with its tools; a repeat within the window is the same check",
    async () => {
      const pkg = { registry_type: "npm", identifier: NAME };
      const first = await post({ package: pkg });
      expect(first.status).toBe(202);
      expect(first.headers.get("retry-after")).toBe("2");
      expect(first.headers.get("location")).toBe(`${stack.gateway}/v1/check/${first.body.id}`);
      expect(first.body).toMatchObject({ url: null, package: { ...pkg, version: null }, server: null });
      // The host allowance counts the registry.
      const redis = h.bus.redis();
      const [hostCounter, ...others] = await redis.keys(
        `${stack.config.QUEUE_PREFIX}:check-allowance:*:host:npm`,
      );
      expect(others).toEqual([]);
      expect(await redis.get(hostCounter!)).toBe("1");

      const done = await finished(first.headers.get("location")!);
      expect(done).toMatchObject({ id: first.body.id, status: "done", package: { ...pkg, version: null } });
      const { probe, tool_risk } = packageResult(done);
      expect(probe).toMatchObject({ outcome: "tools", package: { ...pkg, version: null }, tool_count: 2 });
      expect(probe.tools.map((t) => t.name)).toEqual(["get_forecast", "delete_alert"]);
      expect(tool_risk).toEqual({ flags: [], findings: [], trifecta: null });
      expect(done.next_actions).toEqual([
        expect.objectContaining({ action: "search", arguments: { q: NAME } }),
      ]);

      const again = await post({ package: pkg });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(first.body.id);
      expect(await redis.get(hostCounter!)).toBe("1"); // a repeat spends nothing

      const page = await fetch(done.page);
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toContain(`npm ${NAME}@latest`);
      expect(text).toContain("get_forecast");
    },
    LONG,
  );
});

describe("MCP check_server with a package", () => {
  async function call(args: Record<string, unknown>) {
    const res = await fetch(`${stack.gateway}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "check_server", arguments: args },
      }),
    });
    expect(res.status).toBe(200);
    return (
      (await res.json()) as { result: { isError?: boolean; structuredContent: Record<string, unknown> } }
    ).result;
  }

  it(
    "starts a check of the package, named version and all, and reads it by id until done",
    async () => {
      const pkg = { registry_type: "npm", identifier: NAME, version: "1.0.0" };
      let result = await call({ package: pkg, wait: 25 });
      expect(result.isError).toBeFalsy();
      const id = result.structuredContent.id as string;
      expect(result.structuredContent).toMatchObject({ url: null, package: pkg });
      while (result.structuredContent.status !== "done") {
        result = await call({ id, wait: 25 });
        expect(result.isError).toBeFalsy();
      }
      const body = result.structuredContent as CheckBody;
      expect(body.id).toBe(id);
      expect(packageResult(body).probe).toMatchObject({ outcome: "tools", package: pkg });
      expect(packageResult(body).probe.tools.map((t) => t.name)).toEqual(["get_forecast", "delete_alert"]);
    },
    LONG,
  );

  it("answers invalid arguments as REST does, retrying with the package where it is valid", async () => {
    const pkg = { registry_type: "npm", identifier: NAME };
    const badVersion = await call({ package: { ...pkg, version: "latest" } });
    expect(badVersion.isError).toBe(true);
    expect(badVersion.structuredContent).toMatchObject({
      error: "bad_request",
      issues: { fieldErrors: { package: ["package.version is not an exact version of npm"] } },
      next_actions: [{ action: "search" }],
    });
    const badWait = await call({ package: pkg, wait: 99 });
    expect(badWait.isError).toBe(true);
    expect(badWait.structuredContent).toMatchObject({
      error: "bad_request",
      issues: { fieldErrors: { wait: [expect.any(String)] } },
      next_actions: [{ action: "check_server", arguments: { package: pkg } }],
    });
  });
});
