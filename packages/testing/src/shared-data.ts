import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * The real public data the tests and benchmarks read by path (never copied into the repo):
 * SHARED_DATA_DIR, else ../shared/data beside the checkout, else the workplace's shared folder.
 */
export function sharedDataDir(): string {
  const candidates = [
    process.env.SHARED_DATA_DIR,
    path.resolve(repoRoot, "../shared/data"),
    "/work/shared/data",
  ].filter((c): c is string => Boolean(c));
  const found = candidates.find((c) => existsSync(path.join(c, "official-registry-servers-2025-12-18.json")));
  if (!found)
    throw new Error(`shared data not found; set SHARED_DATA_DIR (looked in ${candidates.join(", ")})`);
  return found;
}

export function sharedData(file: string): string {
  return path.join(sharedDataDir(), file);
}

export const SNAPSHOT_2025_11_18 = "official-registry-servers-2025-11-18.json";
export const SNAPSHOT_2025_12_18 = "official-registry-servers-2025-12-18.json";
