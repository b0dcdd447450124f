import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const FIXTURES = join(process.cwd(), "tests/fixtures/introspection");

export type NpmRegistry = { url: string; close: () => Promise<void> };

type Published = { packument: Record<string, unknown>; tarball: Buffer; tarballPath: string };

/** Packs a fixture as `npm publish` would, and describes it as the registry's packument does. */
function publish(fixture: string, work: string, origin: string): [string, Published] {
  const dir = join(FIXTURES, fixture);
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    name: string;
    version: string;
  };
  const file = execFileSync("npm", ["pack", "--silent", "--pack-destination", work, dir], {
    encoding: "utf8",
  });
  const tarball = readFileSync(join(work, file.trim()));
  const tarballPath = `/${manifest.name}/-/${manifest.name}-${manifest.version}.tgz`;
  const dist = {
    tarball: `${origin}${tarballPath}`,
    shasum: createHash("sha1").update(tarball).digest("hex"),
    integrity: `sha512-${createHash("sha512").update(tarball).digest("base64")}`,
  };
  const packument = {
    name: manifest.name,
    "dist-tags": { latest: manifest.version },
    versions: { [manifest.version]: { ...manifest, dist } },
  };
  return [manifest.name, { packument, tarball, tarballPath }];
}

/**
 * A local npm registry serving introspection fixtures (tests/fixtures/introspection/<name>),
 * packed at start: each one's packument and tarball, and 404 for anything else. CI has no
 * internet, and a package check installs through npm from a registry as production does.
 */
export async function startNpmRegistry(fixtures: string[]): Promise<NpmRegistry> {
  const work = mkdtempSync(join(tmpdir(), "npm-registry-"));
  let published = new Map<string, Published>();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://registry").pathname);
    const pkg = published.get(path.slice(1));
    const tarball = [...published.values()].find((p) => p.tarballPath === path);
    // No caching: npm's own cache must not keep a packument naming another run's port.
    res.setHeader("cache-control", "no-store");
    if (pkg) res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(pkg.packument));
    else if (tarball) res.writeHead(200, { "content-type": "application/octet-stream" }).end(tarball.tarball);
    else res.writeHead(404, { "content-type": "application/json" }).end('{"error":"Not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  published = new Map(fixtures.map((fixture) => publish(fixture, work, url)));
  return {
    url: `${url}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(work, { recursive: true, force: true });
    },
  };
}
