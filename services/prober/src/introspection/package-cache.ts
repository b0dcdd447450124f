import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { lstat, mkdir, readdir, readFile, rename, rm, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { classifyInstallFailure, type Verdict } from "@catalog/introspection";

export type CacheOptions = {
  dir: string;
  /** The cache's bound; the least recently used installs go past it. */
  maxBytes: number;
  /** The registry npm installs from (the production proxy; a dead port in tests). */
  registry?: string;
  timeoutMs?: number;
  /** npm's retries of a failed fetch (its default is 2, with backoffs of 10 s and more). */
  fetchRetries?: number;
};

export type Installed = {
  /** The install prefix: its node_modules holds the package and its dependencies. */
  dir: string;
  /** The installed package's package.json. */
  manifest: Record<string, unknown>;
  reused: boolean;
  ms: number;
};

/** An install that did not happen, with its outcome (`version_unavailable` or `install_failed`). */
export class InstallFailure extends Error {
  constructor(readonly verdict: Verdict) {
    super(verdict.reason);
  }
}

/** Each install records its size here, and its mtime says when it was last used. */
const SIZE_FILE = ".introspection-size";

/**
 * Installs `name@version` once into `<dir>/<name>@<version>` and reuses it after. An install is
 * made aside and renamed into place whole, so a crash never leaves a half install to be reused.
 * `source` installs from elsewhere (a tarball) under the same key.
 */
export async function installPackage(
  options: CacheOptions,
  name: string,
  version: string | null,
  source = version ? `${name}@${version}` : name,
): Promise<Installed> {
  const started = performance.now();
  // The newest is installed every time (it moves), and kept under the version it turned out to be.
  const dir = version === null ? null : installDir(options, name, version);
  const reused = dir !== null && (await touch(dir));
  const placed = reused ? dir : await installAside(options, name, version, source);
  const manifest = await readManifest(placed, name);
  if (!reused) await evict(options, placed);
  return { dir: placed, manifest, reused, ms: Math.round(performance.now() - started) };
}

const installDir = (options: CacheOptions, name: string, version: string) =>
  join(options.dir, `${name.replace("/", "+")}@${version}`);

async function readManifest(dir: string, name: string): Promise<Installed["manifest"]> {
  return JSON.parse(
    await readFile(join(dir, "node_modules", name, "package.json"), "utf8"),
  ) as Installed["manifest"];
}

async function touch(dir: string): Promise<boolean> {
  const now = new Date();
  return utimes(join(dir, SIZE_FILE), now, now).then(
    () => true,
    () => false,
  );
}

/** Installs into a fresh folder beside the cache's, then renames it into place whole; returns the place. */
async function installAside(
  options: CacheOptions,
  name: string,
  version: string | null,
  source: string,
): Promise<string> {
  const aside = join(options.dir, `${name.replace("/", "+")}@${version ?? "newest"}.partial-${randomUUID()}`);
  // npm's download cache is the install's own and goes with it: the cache's bound is all it keeps.
  const downloads = `${aside}.npm-cache`;
  await mkdir(aside, { recursive: true });
  try {
    const output = await npmInstall(options, aside, downloads, source);
    if (output !== null) throw new InstallFailure(classifyInstallFailure(name, version, output));
    const installed = version ?? String((await readManifest(aside, name)).version);
    // The package's own word names a folder: nothing but a version's characters may.
    if (!/^[0-9A-Za-z][0-9A-Za-z.+-]{0,99}$/.test(installed))
      throw new InstallFailure({
        outcome: "install_failed",
        reason: "The installed package names no valid version.",
      });
    const dir = installDir(options, name, installed);
    await writeFile(join(aside, SIZE_FILE), String(await sizeOf(aside)));
    await rename(aside, dir).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== "ENOTEMPTY" && err.code !== "EEXIST") throw err; // another worker finished first
    });
    return dir;
  } finally {
    await rm(aside, { recursive: true, force: true });
    await rm(downloads, { recursive: true, force: true });
  }
}

/** Lifecycle scripts off: installing must run none of the package's code. Null, or npm's output on failure. */
function npmInstall(
  options: CacheOptions,
  prefix: string,
  downloads: string,
  source: string,
): Promise<string | null> {
  const args = [
    "install",
    "--cache",
    downloads,
    "--ignore-scripts",
    "--no-audit",
    "--no-fund",
    "--omit=dev",
    "--prefix",
    prefix,
    source,
  ];
  if (options.registry) args.push("--registry", options.registry);
  if (options.fetchRetries !== undefined) args.push(`--fetch-retries=${options.fetchRetries}`);
  return new Promise((resolve) =>
    execFile(
      "npm",
      args,
      { env: installEnv(process.env), timeout: options.timeoutMs ?? 300_000, maxBuffer: 8 * 1024 * 1024 },
      (err, stdout, stderr) => resolve(err ? `${stdout}\n${stderr}\n${err.message}` : null),
    ),
  );
}

/**
 * What npm needs to reach the registry, and nothing else: none of the service's variables
 * (database, tokens) reach the install. The deployment's trust and proxies come along (a
 * registry proxy with its own CA: without them every fetch fails with SELF_SIGNED_CERT_IN_CHAIN,
 * as the benchmark's first run here did), and npm's own `npm_config_*` settings.
 */
export function installEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const passed = Object.entries(env).filter(
    ([name, value]) =>
      value !== undefined && (NPM_REACH.has(name.toUpperCase()) || /^npm_config_/i.test(name)),
  ) as [string, string][];
  return {
    ...Object.fromEntries(passed),
    PATH: env.PATH ?? "/usr/bin:/bin",
    HOME: env.HOME ?? "/tmp",
    npm_config_update_notifier: "false",
  };
}

const NPM_REACH = new Set([
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
]);

async function sizeOf(path: string): Promise<number> {
  const info = await lstat(path);
  if (!info.isDirectory()) return info.size;
  const entries = await readdir(path);
  let total = info.size;
  for (const entry of entries) total += await sizeOf(join(path, entry));
  return total;
}

/** The installs with their sizes, least recently used first. */
async function entries(dir: string): Promise<{ path: string; bytes: number; usedAt: number }[]> {
  const found = [];
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const size = await lstat(join(path, SIZE_FILE)).catch(() => null);
    if (!size) continue; // a partial install, or not ours
    found.push({ path, bytes: Number(await readFile(join(path, SIZE_FILE), "utf8")), usedAt: size.mtimeMs });
  }
  return found.sort((a, b) => a.usedAt - b.usedAt);
}

/** An install left half done by a worker that died: older than any install's deadline. */
const ABANDONED_MS = 3_600_000;

/** Half installs (and their download caches) of a worker that died while installing. */
async function removeAbandoned(dir: string): Promise<void> {
  const before = Date.now() - ABANDONED_MS;
  for (const name of await readdir(dir)) {
    if (!name.includes(".partial-")) continue;
    const info = await lstat(join(dir, name)).catch(() => null);
    if (info && info.mtimeMs < before) await rm(join(dir, name), { recursive: true, force: true });
  }
}

/**
 * Removes the least recently used installs until the cache fits its bound, never `keep`, and the
 * half installs a dead worker left.
 */
async function evict(options: CacheOptions, keep: string): Promise<void> {
  await removeAbandoned(options.dir);
  const all = await entries(options.dir);
  let total = all.reduce((sum, entry) => sum + entry.bytes, 0);
  for (const entry of all) {
    if (total <= options.maxBytes) break;
    if (entry.path === keep) continue;
    await rm(entry.path, { recursive: true, force: true });
    total -= entry.bytes;
  }
}

/** The cache's size in bytes, as its installs recorded it. */
export async function cacheBytes(dir: string): Promise<number> {
  return (await entries(dir)).reduce((sum, entry) => sum + entry.bytes, 0);
}
