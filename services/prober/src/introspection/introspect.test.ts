import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { PLACEHOLDER_VALUE } from "@catalog/introspection";
import { PackageSchema } from "@catalog/registry";
import { introspectPackage, type IntrospectOptions } from "./introspect.js";
import { installNpm } from "./install-npm.js";
import { cacheBytes } from "./package-cache.js";
import { INTROSPECTION_FIXTURES, startNpmRegistry } from "../../../../tests/support/npm-registry.js";

const FIXTURES = join(process.cwd(), "tests/fixtures/introspection");
// Nothing listens there: an install that needs the registry fails at once, offline.
const DEAD_REGISTRY = "http://127.0.0.1:9/";
// Its own uid, outside the pool the other sandboxes of the machine take theirs from: the processes
// counted below are this file's alone.
const UID = 60_900;
// Installs and starts on a loaded 2-core machine: generous, except where the deadline is the test.
const LONG = 120_000;
const work = mkdtempSync(join(tmpdir(), "introspection-test-"));
const cacheDir = join(work, "cache");

/** Packs a fixture with npm, as a registry would serve it; returns the tarball's path. */
function pack(name: string): string {
  const file = execFileSync("npm", ["pack", "--silent", "--pack-destination", work, join(FIXTURES, name)], {
    encoding: "utf8",
  });
  return join(work, file.trim());
}

const listing = (name: string, extra: Record<string, unknown> = {}) =>
  PackageSchema.parse({
    registryType: "npm",
    identifier: `introspection-fixture-${name}`,
    version: "1.0.0",
    transport: { type: "stdio" },
    ...extra,
  });

const options = (name: string, limits: IntrospectOptions["limits"] = {}): IntrospectOptions => ({
  cache: { dir: cacheDir, maxBytes: 50 * 1024 * 1024, registry: DEAD_REGISTRY, fetchRetries: 0 },
  source: pack(name),
  limits: { deadlineMs: 30_000, uid: UID, ...limits },
});

function statusOf(pid: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
}

/** The pids of processes running as the sandbox's uid. */
function sandboxProcesses(): string[] {
  return readdirSync("/proc").filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    // A process may end between the listing and the read: gone, it is no one's.
    const status = statusOf(pid)?.match(/^Uid:\s+(\d+)/m);
    return status?.[1] === String(UID);
  });
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("introspectPackage", () => {
  it(
    "lists the tools (schemas, annotations), prompts and resources of a server over stdio",
    async () => {
      const result = await introspectPackage(listing("tools"), options("tools"));
      expect(result).toMatchObject({
        outcome: "tools",
        serverInfo: { name: "fixture-weather", version: "1.0.0" },
        instructions: "Ask for a city's forecast.",
        prompts: [{ name: "plan_trip" }],
        resources: [{ uri: "weather://stations" }],
      });
      expect(result.tools.map((tool) => tool.name)).toEqual(["get_forecast", "delete_alert"]);
      expect(result.tools[0]).toMatchObject({
        inputSchema: { required: ["city"] },
        annotations: { readOnlyHint: true },
      });
      expect(result.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(result.timings.installMs).toEqual(expect.any(Number));
      expect(sandboxProcesses()).toEqual([]);
    },
    LONG,
  );

  it(
    "says a server refused without a real value for its required variable, naming it",
    async () => {
      const pkg = listing("needs-credentials", {
        environmentVariables: [{ name: "FIXTURE_API_KEY", isRequired: true, isSecret: true }],
      });
      const result = await introspectPackage(pkg, options("needs-credentials"));
      expect(result.outcome).toBe("needs_credentials");
      expect(result.reason).toContain("FIXTURE_API_KEY");
      expect(result.placeholders).toEqual(["FIXTURE_API_KEY"]);
    },
    LONG,
  );

  it(
    "says a server asked for arguments",
    async () => {
      const result = await introspectPackage(listing("needs-arguments"), options("needs-arguments"));
      expect(result).toMatchObject({
        outcome: "needs_arguments",
        stderr: ["Usage: introspection-fixture-needs-arguments <directory>"],
      });
    },
    LONG,
  );

  it(
    "says a server failed to start, with its exit code and last lines",
    async () => {
      const result = await introspectPackage(listing("start-failed"), options("start-failed"));
      expect(result.outcome).toBe("start_failed");
      expect(result.reason).toContain("exited with code 1");
      expect(result.reason).toContain("TypeError: config.load is not a function");
    },
    LONG,
  );

  it(
    "stops a server that never answers at the deadline, leaving no process",
    async () => {
      const started = performance.now();
      const result = await introspectPackage(
        listing("timed-out"),
        options("timed-out", { deadlineMs: 2_000 }),
      );
      expect(result.outcome).toBe("timed_out");
      expect(performance.now() - started).toBeLessThan(25_000);
      expect(sandboxProcesses()).toEqual([]);
    },
    LONG,
  );

  it(
    "says an install failed when a dependency cannot be fetched",
    async () => {
      const result = await introspectPackage(listing("install-failed"), options("install-failed"));
      expect(result.outcome).toBe("install_failed");
      expect(result.reason).toContain("could not install introspection-fixture-install-failed@1.0.0");
      expect(existsSync(join(cacheDir, "npm+introspection-fixture-install-failed@1.0.0"))).toBe(false);
    },
    LONG,
  );

  it(
    "leaves a NuGet listing alone and says why",
    async () => {
      const pkg = PackageSchema.parse({ registryType: "nuget", identifier: "Acme.Mcp", version: "1.0.0" });
      const result = await introspectPackage(pkg, options("tools"));
      expect(result).toMatchObject({
        outcome: "not_introspectable_here",
        reason: expect.stringContaining("nuget.org"),
      });
    },
    LONG,
  );
});

describe("a server that declares resources and cannot list them", () => {
  it(
    "still counts as listing its tools (its prompts kept, no resources)",
    async () => {
      const pkg = listing("tools", {
        environmentVariables: [{ name: "FIXTURE_RESOURCES_BROKEN", value: "yes" }],
      });
      const result = await introspectPackage(pkg, options("tools"));
      expect(result).toMatchObject({ outcome: "tools", resources: [] });
      expect(result.tools.map((tool) => tool.name)).toEqual(["get_forecast", "delete_alert"]);
      expect(result.prompts.map((prompt) => prompt.name)).toEqual(["plan_trip"]);
    },
    LONG,
  );
});

describe("a hostile package", () => {
  let listener: Server;
  let connections = 0;
  const secret = join(homedir(), `.introspection-test-secret-${process.pid}`);
  const outside = [
    join(homedir(), "hostile-was-here"),
    join(cacheDir, "hostile-was-here"),
    join(work, "hostile-was-here"),
  ];

  beforeAll(async () => {
    listener = createServer((socket) => (connections++, socket.destroy()));
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    writeFileSync(secret, "SECRET_DATABASE_PASSWORD", { mode: 0o600 });
    process.env.INTROSPECTION_TEST_SECRET = "service-secret";
  });
  afterAll(() => {
    listener.close();
    rmSync(secret, { force: true });
    delete process.env.INTROSPECTION_TEST_SECRET;
  });

  it(
    "is contained on every count, ends with its reason, and the next introspection runs normally",
    async () => {
      const port = (listener.address() as { port: number }).port;
      const targets = Buffer.from(JSON.stringify({ port, paths: outside, secret })).toString("base64");
      const pkg = listing("hostile", {
        environmentVariables: [
          { name: "HOSTILE_TARGETS", value: targets },
          { name: "HOSTILE_KEY", isRequired: true },
        ],
      });
      let most = 0;
      const sampler = setInterval(() => (most = Math.max(most, sandboxProcesses().length)), 50);
      const result = await introspectPackage(pkg, options("hostile", { outputBytes: 2 * 1024 * 1024 }));
      clearInterval(sampler);

      expect(result).toMatchObject({
        outcome: "start_failed",
        reason: expect.stringContaining("more output than the sandbox allows"),
      });
      const line = result.stderr.findLast((l) => l.startsWith("HOSTILE ")) ?? "";
      expect(line.startsWith("HOSTILE ")).toBe(true);
      const report = JSON.parse(line.slice("HOSTILE ".length));
      expect(report).toEqual({
        // Its own network namespace: a loopback where nothing listens, no route out.
        redis: "ECONNREFUSED",
        listener: "ECONNREFUSED",
        dns: expect.stringMatching(/^EAI_AGAIN|ENOTFOUND$/),
        writeEtc: "EROFS",
        writePaths: ["ENOENT", "ENOENT", "ENOENT"],
        writeOwnPackage: "EROFS",
        readSecret: "ENOENT",
        readShadow: "EACCES",
        rootEntries: "ENOENT",
      });
      const env = result.stderr.findLast((l) => l.startsWith("HOSTILE_ENV ")) ?? "";
      expect(JSON.parse(env.slice("HOSTILE_ENV ".length))).toEqual([
        "HOME",
        "HOSTILE_KEY",
        "HOSTILE_TARGETS",
        "NODE_OPTIONS",
        "PATH",
        "PWD",
      ]);
      expect(connections).toBe(0);
      for (const path of [...outside, "/etc/hostile-was-here"]) expect(existsSync(path)).toBe(false);
      expect(most).toBeGreaterThan(2); // it did fork…
      expect(most).toBeLessThanOrEqual(64); // …within the process limit
      expect(sandboxProcesses()).toEqual([]);
      expect(await cacheBytes(cacheDir)).toBeGreaterThan(0);

      const next = await introspectPackage(listing("tools"), options("tools"));
      expect(next.outcome).toBe("tools");
      expect(next.tools).toHaveLength(2);
    },
    LONG,
  );
});

describe("the package cache", () => {
  it(
    "installs the registry's newest when no version is named, under that version, again once it moves",
    async () => {
      const registry = await startNpmRegistry([join(INTROSPECTION_FIXTURES, "tools")]);
      try {
        const cache = { dir: join(work, "newest-cache"), maxBytes: 50 * 1024 * 1024, registry: registry.url };
        const installed = await installNpm(cache, { name: "introspection-fixture-tools", version: null });
        expect(installed.dir).toBe(join(cache.dir, "npm+introspection-fixture-tools@1.0.0"));
        const missing = installNpm(cache, { name: "introspection-fixture-absent", version: null });
        await expect(missing).rejects.toMatchObject({ verdict: { outcome: "version_unavailable" } });
      } finally {
        await registry.close();
      }
    },
    LONG,
  );

  it(
    "reuses a finished install, drops the least recently used past its bound and a dead worker's half install",
    async () => {
      const dir = join(work, "small-cache");
      const cache = { dir, maxBytes: 1, registry: DEAD_REGISTRY, fetchRetries: 0 };
      const tools = { name: "introspection-fixture-tools", version: "1.0.0" };
      const first = await installNpm(cache, tools, pack("tools"));
      expect(first.reused).toBe(false);
      expect((await installNpm(cache, tools, "never-read")).reused).toBe(true);
      const abandoned = join(dir, "gone@1.0.0.partial-1");
      const inProgress = join(dir, "busy@1.0.0.partial-2");
      mkdirSync(abandoned);
      mkdirSync(inProgress);
      const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
      utimesSync(abandoned, hoursAgo, hoursAgo);
      await installNpm(
        cache,
        { name: "introspection-fixture-timed-out", version: "1.0.0" },
        pack("timed-out"),
      );
      // npm's download cache went with the install; another worker's install in progress stays.
      expect(readdirSync(dir).sort()).toEqual([
        "busy@1.0.0.partial-2",
        "npm+introspection-fixture-timed-out@1.0.0",
      ]);
      expect(PLACEHOLDER_VALUE).toBe("PLACEHOLDER_NOT_A_REAL_VALUE");
    },
    LONG,
  );
});
