import { readdir, readFile, realpath, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  classifyInstallFailure,
  normalizePypiName,
  pypiLaunch,
  type LaunchPlan,
  type Started,
} from "@catalog/introspection";
import {
  cachedInstall,
  InstallFailure,
  runInstaller,
  type CacheOptions,
  type Installed,
} from "./package-cache.js";

const DEFAULT_PYTHON = "/usr/bin/python3";
const DEFAULT_INDEX = "https://pypi.org/simple/";

/**
 * Installs `name==version` and its dependencies with pip into the cache entry's `pkg` folder, wheels
 * only: an sdist is built at install, which runs its code (setup.py or a build backend). The same
 * Python runs it in the sandbox, so pip chooses the wheels that Python can load.
 */
export async function installPypi(
  options: CacheOptions,
  plan: Pick<LaunchPlan, "name" | "version">,
): Promise<Installed> {
  const version = plan.version as string; // the plan requires an exact version
  const key = { ecosystem: "pypi", name: normalizePypiName(plan.name), version };
  const installed = await cachedInstall(options, key, async (entry, downloads) => {
    const output = await pip(options, [
      "install",
      ...["--only-binary=:all:", "--no-input", "--progress-bar=off", "--no-warn-script-location"],
      ...["--target", join(entry, "pkg"), "--cache-dir", downloads],
      `${plan.name}==${version}`,
    ]);
    if (output === null) return;
    // Whether the index holds the version in a form pip was not allowed (an sdist) tells those apart.
    const indexVersions = (await pip(options, ["index", "versions", "--pre", plan.name], true)) ?? "";
    throw new InstallFailure(
      classifyInstallFailure({ ecosystem: "pypi", name: plan.name, version, output, indexVersions }),
    );
  });
  return { ...installed, root: join(installed.dir, "pkg") };
}

/** pip of the configured Python against the configured index; null, or its output on failure (`always`: its output). */
async function pip(options: CacheOptions, args: string[], always = false): Promise<string | null> {
  const command = [...args, "--index-url", options.pypiIndex ?? DEFAULT_INDEX, "--disable-pip-version-check"];
  if (options.fetchRetries !== undefined) command.push("--retries", String(options.fetchRetries));
  // Debian's Python is "externally managed"; a --target install leaves its packages alone.
  if (args[0] === "install") command.push("--break-system-packages");
  return runInstaller(options, options.python ?? DEFAULT_PYTHON, ["-m", "pip", ...command], always);
}

/** The console script the distribution's entry_points.txt declares, run by the sandbox's Python. */
export async function pypiStart(plan: LaunchPlan, installed: Installed): Promise<Started> {
  return pypiLaunch(plan, await entryPoints(installed.root, plan.name));
}

/** Bytes of entry_points.txt read at most: a real one is a few lines. */
const MAX_ENTRY_POINTS = 1024 * 1024;

async function entryPoints(root: string, name: string): Promise<string | null> {
  const wanted = normalizePypiName(name);
  const distInfo = (await readdir(root)).find(
    (entry) =>
      entry.endsWith(".dist-info") && normalizePypiName(entry.slice(0, entry.indexOf("-"))) === wanted,
  );
  if (!distInfo) return null;
  const file = join(root, distInfo, "entry_points.txt");
  const info = await stat(file).catch(() => null);
  if (!info?.isFile() || info.size > MAX_ENTRY_POINTS) return null;
  return readFile(file, "utf8");
}

/** The Python's prefix (its bin/ and lib/), which the sandbox shows read-only at /python. */
export async function pythonPrefix(python = DEFAULT_PYTHON): Promise<string> {
  return dirname(dirname(await realpath(python)));
}
