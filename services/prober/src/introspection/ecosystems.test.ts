import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PackageSchema } from "@catalog/registry";
import { SafeHttp } from "@catalog/url-policy";
import { startFileServer, startPypiIndex, type LocalServer } from "../../../../tests/support/pypi-index.js";
import { zip, type ZipEntry } from "../../../../tests/support/zip.js";
import { DEFAULT_BUNDLE_LIMITS } from "./install-mcpb.js";
import { introspectPackage, type IntrospectOptions } from "./introspect.js";

const FIXTURES = join(process.cwd(), "tests/fixtures/introspection");
// Its own uid, apart from introspect.test.ts's and sandbox.test.ts's and the pool's.
const UID = 60_902;
// pip installs and starts on a loaded 2-core machine: generous.
const LONG = 180_000;
const work = mkdtempSync(join(tmpdir(), "introspection-ecosystems-"));
const cacheDir = join(work, "cache");
const http = new SafeHttp({ testMode: true, maxBodyBytes: 1024 * 1024 });
let index: LocalServer;
let files: LocalServer;

/** The tools fixture's server as an MCP bundle, with the manifest in the repo unless replaced. */
function bundle(extra: ZipEntry[] = [], manifest?: string): Buffer {
  return zip([
    { name: "manifest.json", data: manifest ?? readFileSync(join(FIXTURES, "bundle/manifest.json")) },
    { name: "server/index.mjs", data: readFileSync(join(FIXTURES, "tools/server.mjs")) },
    ...extra,
  ]);
}
const BUNDLES = {
  "/tools.mcpb": bundle(),
  "/slip.mcpb": bundle([{ name: "server/../../escaped.txt", data: "outside" }]),
  "/bomb.mcpb": bundle([{ name: "zeros.bin", data: Buffer.alloc(4 * 1024 * 1024) }]),
};
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  const dir = join(FIXTURES, "pypi-tools");
  index = await startPypiIndex([
    {
      name: "introspection-fixture-units",
      version: "1.0.0",
      dir,
      scripts: {
        "introspection-fixture-units": "introspection_fixture_tools.server:main",
        "fixture-admin": "introspection_fixture_tools.server:result",
      },
    },
    { name: "introspection-fixture-sdist", version: "1.0.0", dir, sdistOnly: true },
  ]);
  files = await startFileServer(BUNDLES);
}, LONG);
afterAll(async () => {
  await index?.close();
  await files?.close();
  await http.close();
  rmSync(work, { recursive: true, force: true });
});

const options = (bundles: Partial<IntrospectOptions["bundles"]> = {}): IntrospectOptions => ({
  cache: { dir: cacheDir, maxBytes: 200 * 1024 * 1024, pypiIndex: index.url, fetchRetries: 0 },
  bundles: { ...DEFAULT_BUNDLE_LIMITS, fetch: (url) => http.fetch(url), ...bundles },
  limits: { deadlineMs: 30_000, uid: UID },
});

/** Processes of this file's sandbox uid still running. */
const leftOver = () =>
  readdirSync("/proc").filter((pid) => {
    try {
      return /^Uid:\s+60902\b/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
    } catch {
      return false;
    }
  });

describe("a PyPI package", () => {
  const listing = (extra: Record<string, unknown> = {}) =>
    PackageSchema.parse({
      registryType: "pypi",
      identifier: "introspection-fixture-units",
      version: "1.0.0",
      ...extra,
    });

  it(
    "is installed from the index as a wheel and its console script started with the sandbox's Python",
    async () => {
      const result = await introspectPackage(listing(), options());
      expect(result).toMatchObject({
        outcome: "tools",
        serverInfo: { name: "fixture-units", version: "1.0.0" },
        instructions: expect.stringMatching(/^Runs as introspection-fixture-units on Python 3\.\d+\.$/),
      });
      expect(result.tools.map((tool) => tool.name)).toEqual(["convert_units", "python_version"]);
      expect(
        existsSync(join(cacheDir, "pypi+introspection-fixture-units@1.0.0/pkg/introspection_fixture_tools")),
      ).toBe(true);
      expect(leftOver()).toEqual([]);
    },
    LONG,
  );

  it(
    "is given the listing's variables: a placeholder for a required key is refused, by name",
    async () => {
      const pkg = listing({
        environmentVariables: [{ name: "FIXTURE_API_KEY", isRequired: true, isSecret: true }],
      });
      const result = await introspectPackage(pkg, options());
      expect(result).toMatchObject({ outcome: "needs_credentials", placeholders: ["FIXTURE_API_KEY"] });
      expect(result.reason).toContain("FIXTURE_API_KEY");
    },
    LONG,
  );

  it(
    "is version_unavailable at a version the index lacks",
    async () => {
      const result = await introspectPackage(listing({ version: "9.9.9" }), options());
      expect(result).toMatchObject({
        outcome: "version_unavailable",
        reason: expect.stringContaining("does not serve introspection-fixture-units==9.9.9"),
      });
      expect(readdirSync(cacheDir).filter((d) => d.includes("9.9.9"))).toEqual([]);
    },
    LONG,
  );

  it(
    "is refused when the index holds it only as an sdist, whose build would run its code",
    async () => {
      const result = await introspectPackage(
        listing({ identifier: "introspection-fixture-sdist" }),
        options(),
      );
      expect(result).toMatchObject({
        outcome: "not_introspectable_here",
        reason: expect.stringContaining("only as a source distribution"),
      });
    },
    LONG,
  );
});

describe("an MCP bundle", () => {
  const listing = (path: string, sha = sha256(BUNDLES[path as keyof typeof BUNDLES])) =>
    PackageSchema.parse({
      registryType: "mcpb",
      identifier: `${files.url}${path}`,
      version: "1.0.0",
      fileSha256: sha,
    });

  it(
    "is downloaded, verified, unpacked and started as its manifest says",
    async () => {
      const result = await introspectPackage(listing("/tools.mcpb"), options());
      expect(result).toMatchObject({ outcome: "tools", serverInfo: { name: "fixture-weather" } });
      expect(result.tools.map((tool) => tool.name)).toEqual(["get_forecast", "delete_alert"]);
      // The manifest's user_config default reached the server (its resources list works).
      expect(result.resources).toEqual([{ uri: "weather://stations", name: "stations" }]);
      expect(
        existsSync(join(cacheDir, `mcpb+${sha256(BUNDLES["/tools.mcpb"])}@sha256/pkg/manifest.json`)),
      ).toBe(true);
      expect(leftOver()).toEqual([]);
    },
    LONG,
  );

  it(
    "is refused when the file is not the one the listing's SHA-256 names",
    async () => {
      const result = await introspectPackage(listing("/tools.mcpb", "0".repeat(64)), options());
      expect(result).toMatchObject({
        outcome: "version_unavailable",
        reason: expect.stringContaining(`its SHA-256 is ${sha256(BUNDLES["/tools.mcpb"])}`),
      });
    },
    LONG,
  );

  it(
    "is refused when an entry would be written outside its folder, and writes nothing there",
    async () => {
      const result = await introspectPackage(listing("/slip.mcpb"), options());
      expect(result).toMatchObject({
        outcome: "not_introspectable_here",
        reason: expect.stringContaining("would be written outside its folder"),
      });
      expect(readdirSync(cacheDir).filter((d) => !d.startsWith("pypi+") && !d.startsWith("mcpb+"))).toEqual(
        [],
      );
      expect(existsSync(join(cacheDir, "escaped.txt"))).toBe(false);
    },
    LONG,
  );

  it(
    "is refused when it unpacks past its bound, or holds more entries than allowed",
    async () => {
      const big = await introspectPackage(listing("/bomb.mcpb"), options({ maxBytes: 1024 * 1024 }));
      expect(big).toMatchObject({
        outcome: "not_introspectable_here",
        reason: expect.stringContaining("more than 1048576"),
      });
      const many = await introspectPackage(listing("/bomb.mcpb"), options({ maxEntries: 2 }));
      expect(many).toMatchObject({
        outcome: "not_introspectable_here",
        reason: expect.stringContaining("3 entries"),
      });
    },
    LONG,
  );

  it(
    "is version_unavailable when its URL answers 404",
    async () => {
      const result = await introspectPackage(listing("/gone.mcpb", "1".repeat(64)), options());
      expect(result).toMatchObject({
        outcome: "version_unavailable",
        reason: expect.stringContaining("answers 404"),
      });
    },
    LONG,
  );
});
