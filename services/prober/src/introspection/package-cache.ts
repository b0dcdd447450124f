import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { lstat, mkdir, readdir, readFile, rename, rm, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Verdict } from "@catalog/introspection";

export type CacheOptions = {
  dir: string;
  /** The cache's bound; the least recently used installs go past it. */
  maxBytes: number;
  /** The registry npm installs from (the production proxy; a dead port in tests). */
  registry?: string;
  /** The PyPI simple index pip installs from (PEP 503; the production proxy, a local one in tests). */
  pypiIndex?: string;
  /** The Python whose pip installs PyPI packages and which runs them in the sandbox. */
  python?: string;
  timeoutMs?: number;
  /** The installer's retries of a failed fetch (npm's default is 2, with backoffs of 10 s and more). */
  fetchRetries?: number;
};

export type Installed = {
  /** The cache entry. */
  dir: string;
  /** What the sandbox shows as the package (/pkg): the entry itself, or its `pkg` folder. */
  root: string;
  reused: boolean;
  ms: number;
};

/** An install that did not happen, with its outcome (`version_unavailable`, `install_failed`, ...). */
export class InstallFailure extends Error {
  constructor(readonly verdict: Verdict) {
    super(verdict.reason);
  }
}

/** Each install records its size here, and its mtime says when it was last used. */
const SIZE_FILE = ".introspection-size";

/**
 * The cache entry of an ecosystem's package (`<ecosystem>+<name>@<version>`), installed once by
 * `fill` and reused after. An install is made aside and renamed into place whole, so a crash never
 * leaves a half install to be reused. `fill` installs into the folder it is given, whose own
 * scratch space (a download cache) is the second folder: it goes with the install.
 */
export async function cachedInstall(
  options: Pick<CacheOptions, "dir" | "maxBytes">,
  key: { ecosystem: string; name: string; version: string },
  fill: (aside: string, scratch: string) => Promise<void>,
): Promise<Omit<Installed, "root">> {
  const started = performance.now();
  const dir = join(options.dir, `${key.ecosystem}+${key.name.replaceAll("/", "+")}@${key.version}`);
  const reused = await touch(dir);
  if (!reused) {
    await installAside(dir, fill);
    await evict(options, dir);
  }
  return { dir, reused, ms: Math.round(performance.now() - started) };
}

async function touch(dir: string): Promise<boolean> {
  const now = new Date();
  return utimes(join(dir, SIZE_FILE), now, now).then(
    () => true,
    () => false,
  );
}

async function installAside(dir: string, fill: (aside: string, scratch: string) => Promise<void>) {
  const aside = `${dir}.partial-${randomUUID()}`;
  // The installer's download cache is the install's own and goes with it: the cache's bound is all it keeps.
  const scratch = `${aside}.downloads`;
  await mkdir(aside, { recursive: true });
  await mkdir(scratch, { recursive: true });
  try {
    await fill(aside, scratch);
    await writeFile(join(aside, SIZE_FILE), String(await sizeOf(aside)));
    await rename(aside, dir).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== "ENOTEMPTY" && err.code !== "EEXIST") throw err; // another worker finished first
    });
  } finally {
    await rm(aside, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Runs an installer with the install's environment; null, or what it printed when it failed
 * (`always`: what it printed in any case). No package code runs: each installer is told so (npm's
 * scripts off, pip's wheels only).
 */
export function runInstaller(
  options: CacheOptions,
  command: string,
  args: string[],
  always = false,
): Promise<string | null> {
  return new Promise((resolve) =>
    execFile(
      command,
      args,
      { env: installEnv(process.env), timeout: options.timeoutMs ?? 300_000, maxBuffer: 8 * 1024 * 1024 },
      (err, stdout, stderr) =>
        resolve(err ? `${stdout}\n${stderr}\n${err.message}` : always ? `${stdout}\n${stderr}` : null),
    ),
  );
}

/**
 * What npm and pip need to reach their registries, and nothing else: none of the service's
 * variables (database, tokens) reach the install. The deployment's trust and proxies come along
 * (a registry proxy with its own CA: without them every fetch fails with SELF_SIGNED_CERT_IN_CHAIN,
 * as the benchmark's first run here did), and the installers' own `npm_config_*` and `PIP_*` settings.
 */
export function installEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const passed = Object.entries(env).filter(
    ([name, value]) =>
      value !== undefined && (INSTALL_REACH.has(name.toUpperCase()) || /^(?:npm_config_|PIP_)/i.test(name)),
  ) as [string, string][];
  return {
    ...Object.fromEntries(passed),
    PATH: env.PATH ?? "/usr/bin:/bin",
    HOME: env.HOME ?? "/tmp",
    npm_config_update_notifier: "false",
    PIP_DISABLE_PIP_VERSION_CHECK: "1",
  };
}

const INSTALL_REACH = new Set([
  "NODE_EXTRA_CA_CERTS",
  "REQUESTS_CA_BUNDLE",
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
