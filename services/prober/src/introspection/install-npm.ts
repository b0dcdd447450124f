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
 * same key). Without a version, the registry's newest is resolved first and installed under its
 * own (a cached "newest" would go stale). Lifecycle scripts off: installing must run none of the
 * package's code.
 */
export async function installNpm(
  options: CacheOptions,
  plan: Pick<LaunchPlan, "name" | "version">,
  source?: string,
): Promise<Installed> {
  const version = plan.version ?? (await newestVersion(options, plan.name));
  const key = { ecosystem: "npm", name: plan.name, version };
  const from = source ?? `${plan.name}@${version}`;
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
    args.push("--prefix", prefix, from, ...registryArgs(options));
    const output = await runInstaller(options, "npm", args);
    if (output !== null)
      throw new InstallFailure(
        classifyInstallFailure({ ecosystem: "npm", name: plan.name, version: plan.version, output }),
      );
  });
  return { ...installed, root: installed.dir };
}

const registryArgs = (options: CacheOptions) => [
  ...(options.registry ? ["--registry", options.registry] : []),
  ...(options.fetchRetries !== undefined ? [`--fetch-retries=${options.fetchRetries}`] : []),
];

/** The registry's newest version of a package (its `latest` tag), checked to be a version. */
async function newestVersion(options: CacheOptions, name: string): Promise<string> {
  const output = await runInstaller(
    options,
    "npm",
    ["view", name, "version", "--json", ...registryArgs(options)],
    true,
  );
  const found = /^\s*"([0-9A-Za-z][0-9A-Za-z.+-]{0,99})"\s*$/m.exec(output ?? "")?.[1];
  if (found) return found;
  throw new InstallFailure(
    classifyInstallFailure({ ecosystem: "npm", name, version: null, output: output ?? "" }),
  );
}

/** The bin its package.json declares, started from the prefix's node_modules/.bin. */
export async function npmStart(plan: LaunchPlan, installed: Installed): Promise<Started> {
  const manifest = JSON.parse(
    await readFile(join(installed.dir, "node_modules", plan.name, "package.json"), "utf8"),
  ) as Record<string, unknown>;
  return npmLaunch(plan, manifest.bin);
}
