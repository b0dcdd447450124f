import type { Package } from "@catalog/registry";
import {
  launchInputs,
  notHere,
  notStarted,
  SANDBOX_PATHS,
  stdioOnly,
  type LaunchPlan,
  type Planned,
  type Started,
} from "../plan.js";

/** PEP 508's rule for a distribution name. */
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,198}[A-Za-z0-9])?$/;
/** An exact PEP 440 version (epoch, release, pre, post, dev); a range or a local tag is not one. */
const PEP440_VERSION =
  /^(?:\d{1,4}!)?\d{1,9}(?:\.\d{1,9}){0,5}(?:[-_.]?(?:a|b|c|rc|alpha|beta|pre|preview)[-_.]?\d{0,9})?(?:[-_.]?(?:post|rev|r)[-_.]?\d{0,9})?(?:[-_.]?dev[-_.]?\d{0,9})?$/i;

/**
 * A PyPI listing's launch: install `identifier==version` (wheels only: an sdist's build would run
 * its code at install), then start its console script as `uvx identifier` would, with the
 * listing's packageArguments and environment (runtimeArguments are uvx's own options).
 */
export function planPypi(pkg: Package): Planned {
  if (!PYPI_NAME.test(pkg.identifier))
    return notHere(`"${pkg.identifier.slice(0, 100)}" is not a valid PyPI distribution name.`);
  if (pkg.version === undefined || !PEP440_VERSION.test(pkg.version))
    return notHere(
      `"${(pkg.version ?? "").slice(0, 100)}" is not an exact version; only a named version is installed.`,
    );
  return (
    stdioOnly(pkg) ?? {
      launch: { ecosystem: "pypi", name: pkg.identifier, version: pkg.version, ...launchInputs(pkg) },
    }
  );
}

/** PEP 503's normalised name: runs of `-`, `_`, `.` as one `-`, lower case. */
export function normalizePypiName(name: string): string {
  return name.replace(/[-_.]+/g, "-").toLowerCase();
}

/**
 * Starts the console script by importing its object, as the script pip or uv would write does;
 * the scripts pip writes name the install's interpreter, a host path the sandbox does not show.
 * The target's .pth files are read as a virtual environment's would be.
 */
const RUN_ENTRY_POINT = [
  "import importlib, site, sys",
  `site.addsitedir(${JSON.stringify(SANDBOX_PATHS.pkg)})`,
  'module, _, attr = sys.argv[1].partition(":")',
  "target = importlib.import_module(module)",
  'for part in attr.split("."): target = getattr(target, part)',
  "sys.argv = sys.argv[2:]",
  "sys.exit(target())",
].join("\n");

/** The installed distribution's console script (from its entry_points.txt) with the plan's arguments. */
export function pypiLaunch(plan: LaunchPlan, entryPoints: string | null): Started {
  const scripts = consoleScripts(entryPoints ?? "");
  const chosen = chooseScript(plan.name, [...scripts.keys()]);
  if (!chosen)
    return notStarted(
      "The distribution declares no console script to start (or several, none named as the package).",
    );
  return {
    launch: {
      argv: [
        SANDBOX_PATHS.python,
        "-s",
        "-c",
        RUN_ENTRY_POINT,
        scripts.get(chosen) as string,
        chosen,
        ...plan.args,
      ],
      // After the listing's variables: a listing does not move where its package is imported from.
      env: { ...plan.env, PYTHONPATH: SANDBOX_PATHS.pkg, PYTHONDONTWRITEBYTECODE: "1" },
      placeholders: plan.placeholders,
    },
  };
}

/** `module:attr` of an entry point's object; extras and a module without an object are refused. */
const OBJECT_REF = /^[A-Za-z_][\w.]{0,200}:[A-Za-z_][\w.]{0,200}$/;

/**
 * The `[console_scripts]` of an entry_points.txt (an INI file), name to `module:attr`. Read line by
 * line with no backtracking pattern, as the text is the package's.
 */
export function consoleScripts(text: string): Map<string, string> {
  const scripts = new Map<string, string>();
  let inSection = false;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) {
      inSection = line === "[console_scripts]";
      continue;
    }
    const eq = line.indexOf("=");
    if (!inSection || eq <= 0) continue;
    const name = line.slice(0, eq).trim();
    // "[extras]" after the object only selects optional dependencies, already installed or not.
    const ref = line
      .slice(eq + 1)
      .split("[")[0]!
      .replace(/\s+/g, "");
    if (name && OBJECT_REF.test(ref)) scripts.set(name, ref);
  }
  return scripts;
}

/**
 * Which console script is the server, as uvx chooses: the one named as the package (its name as
 * given, else normalised), else the only one. Null when neither rule finds one.
 */
export function chooseScript(name: string, scripts: string[]): string | null {
  if (scripts.includes(name)) return name;
  const named = scripts.find((s) => normalizePypiName(s) === normalizePypiName(name));
  if (named) return named;
  return scripts.length === 1 ? (scripts[0] as string) : null;
}
