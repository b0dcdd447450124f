import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

/** The repo's packaged MCP server fixtures (tests/fixtures/introspection/<name>). */
export const INTROSPECTION_FIXTURES = join(process.cwd(), "tests/fixtures/introspection");

export type NpmRegistry = { url: string; close: () => Promise<void> };

/** A fixture folder to publish, as it is or as another version with some files replaced. */
export type Fixture = string | { dir: string; version: string; files: Record<string, string> };

type Published = { name: string; version: string; file: string; manifest: Record<string, unknown> };

/**
 * A local npm registry serving the given fixture folders, packed with `npm pack` as a registry
 * would hold them: each package's document (versions with their tarball and integrity) and its
 * tarball. npm installs from it as from the public registry; CI needs no network.
 */
export async function startNpmRegistry(fixtures: Fixture[]): Promise<NpmRegistry> {
  const work = mkdtempSync(join(tmpdir(), "npm-registry-"));
  const published = fixtures.map((dir) => publish(dir, work));
  const server = createServer((req, res) => {
    // No caching: npm's cache must not keep a package document naming another run's port.
    res.setHeader("cache-control", "no-store");
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname).slice(1);
    const tarball = published.find((p) => path === `-/${basename(p.file)}`);
    if (tarball) {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(readFileSync(tarball.file));
      return;
    }
    const versions = published.filter((p) => p.name === path);
    if (versions.length === 0) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "Not found" }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(packument(versions, `http://${req.headers.host}`)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

function publish(fixture: Fixture, work: string): Published {
  const dir = typeof fixture === "string" ? fixture : variant(fixture, work);
  const out = execFileSync("npm", ["pack", "--silent", "--pack-destination", work, dir], {
    encoding: "utf8",
  });
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
  return {
    name: manifest.name as string,
    version: manifest.version as string,
    file: join(work, out.trim()),
    manifest,
  };
}

/** A copy of the fixture at another version, with the given files written over it. */
function variant(fixture: Exclude<Fixture, string>, work: string): string {
  const dir = mkdtempSync(join(work, "variant-"));
  cpSync(fixture.dir, dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(join(dir, "package.json"), JSON.stringify({ ...manifest, version: fixture.version }));
  for (const [name, text] of Object.entries(fixture.files)) writeFileSync(join(dir, name), text);
  return dir;
}

function packument(versions: Published[], base: string) {
  const entries = versions.map((p) => {
    const bytes = readFileSync(p.file);
    const dist = {
      tarball: `${base}/-/${basename(p.file)}`,
      shasum: createHash("sha1").update(bytes).digest("hex"),
      integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
    };
    return [p.version, { ...p.manifest, name: p.name, version: p.version, dist }] as const;
  });
  return {
    name: versions[0]!.name,
    "dist-tags": { latest: versions.at(-1)!.version },
    versions: Object.fromEntries(entries),
  };
}
