import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { classifyInstallFailure, npmLaunch, type LaunchPlan, type Started } from "@catalog/introspection";
import {
  cachedInstall,
  InstallFailure,
  runInstaller,
  type CacheOptions,
  type Installed,
} from "./package-cache.js";

/**
 * Installs `name@version` into the cache (`source`, a tarball, installs from elsewhere under the
 * same key). Lifecycle scripts off: installing must run none of the package's code.
 */
export async function installNpm(
  options: CacheOptions,
  plan: Pick<LaunchPlan, "name" | "version">,
  source = plan.version ? `${plan.name}@${plan.version}` : plan.name,
): Promise<Installed> {
  const key = { ecosystem: "npm", name: plan.name, version: plan.version ?? "newest" };
  const installed = await cachedInstall(options, key, async (prefix, downloads) => {
    const args = [
      "install",
      "--cache",
      downloads,
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      "--omit=dev",
    ];
    args.push("--prefix", prefix, source);
    if (options.registry) args.push("--registry", options.registry);
    if (options.fetchRetries !== undefined) args.push(`--fetch-retries=${options.fetchRetries}`);
    const output = await runInstaller(options, "npm", args);
    if (output !== null)
      throw new InstallFailure(
        classifyInstallFailure({ ecosystem: "npm", name: plan.name, version: plan.version, output }),
      );
  });
  return { ...installed, root: installed.dir };
}

/** The bin its package.json declares, started from the prefix's node_modules/.bin. */
export async function npmStart(plan: LaunchPlan, installed: Installed): Promise<Started> {
  const manifest = JSON.parse(
    await readFile(join(installed.dir, "node_modules", plan.name, "package.json"), "utf8"),
  ) as Record<string, unknown>;
  return npmLaunch(plan, manifest.bin);
}
