import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  classifyBundleFailure,
  mcpbLaunch,
  type BundleFailure,
  type LaunchPlan,
  type Started,
} from "@catalog/introspection";
import { UrlPolicyError } from "@catalog/url-policy";
import { cachedInstall, InstallFailure, type CacheOptions, type Installed } from "./package-cache.js";
import { unzip, ZipRefused, type UnzipLimits } from "./unzip.js";

/** How bundles are fetched and what they may weigh, packed and unpacked. */
export type BundleOptions = UnzipLimits & {
  /** The URL policy's fetch (https, public addresses only, each redirect checked again). */
  fetch: (url: string) => Promise<Response>;
  /** Bytes of the bundle file itself. */
  maxDownloadBytes: number;
};

export const DEFAULT_BUNDLE_LIMITS = {
  maxDownloadBytes: 256 * 1024 * 1024,
  // A node bundle carries its node_modules; a real one unpacks to tens of megabytes.
  maxBytes: 1024 * 1024 * 1024,
  maxEntries: 50_000,
};

class BundleFailed extends Error {
  constructor(readonly failure: BundleFailure) {
    super(failure.kind);
  }
}

/**
 * Downloads the bundle, verifies it against the listing's SHA-256 and unpacks it into the cache
 * entry's `pkg` folder, keyed by that hash (the same file is the same bundle at any URL).
 */
export async function installMcpb(
  options: CacheOptions,
  bundles: BundleOptions,
  plan: Extract<LaunchPlan, { ecosystem: "mcpb" }>,
): Promise<Installed> {
  const key = { ecosystem: "mcpb", name: plan.sha256, version: "sha256" };
  const installed = await cachedInstall(options, key, async (entry) => {
    try {
      const bytes = await download(bundles, plan.name);
      const actual = createHash("sha256").update(bytes).digest("hex");
      if (actual !== plan.sha256) throw new BundleFailed({ kind: "sha256", expected: plan.sha256, actual });
      await unzip(bytes, join(entry, "pkg"), bundles);
    } catch (err) {
      throw new InstallFailure(classifyBundleFailure(plan.name, bundleFailure(err)));
    }
  });
  return { ...installed, root: join(installed.dir, "pkg") };
}

function bundleFailure(err: unknown): BundleFailure {
  if (err instanceof BundleFailed) return err.failure;
  if (err instanceof ZipRefused) return { kind: "unpack", detail: err.message };
  if (err instanceof UrlPolicyError) return { kind: "refused_url", detail: err.message };
  const cause = (err as Error & { cause?: { code?: string } }).cause?.code;
  return { kind: "unreachable", detail: cause ?? String((err as Error).message) };
}

/** The bundle file, read no further than its bound. */
async function download(bundles: BundleOptions, url: string): Promise<Buffer> {
  const res = await bundles.fetch(url);
  if (!res.ok) {
    await res.body?.cancel();
    throw new BundleFailed({ kind: "status", status: res.status });
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  const body = (res.body ?? []) as AsyncIterable<Uint8Array>;
  for await (const chunk of body) {
    bytes += chunk.byteLength;
    if (bytes > bundles.maxDownloadBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw new BundleFailed({ kind: "too_large", maxBytes: bundles.maxDownloadBytes });
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Bytes of manifest.json read at most. */
const MAX_MANIFEST = 1024 * 1024;

/** What the bundle's manifest.json says to start. */
export async function mcpbStart(plan: LaunchPlan, installed: Installed): Promise<Started> {
  const file = join(installed.root, "manifest.json");
  const info = await stat(file).catch(() => null);
  const text = info?.isFile() && info.size <= MAX_MANIFEST ? await readFile(file, "utf8") : null;
  return mcpbLaunch(plan, text);
}
