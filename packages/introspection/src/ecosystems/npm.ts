import type { Package } from "@catalog/registry";
import {
  EXACT_VERSION,
  launchInputs,
  notHere,
  notStarted,
  SANDBOX_PATHS,
  stdioOnly,
  type LaunchPlan,
  type Planned,
  type Started,
} from "../plan.js";

/** npm's own rule for a package name (scoped or not, lower case, URL-safe). */
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/**
 * An npm listing's launch: install `identifier@version`, start the package's bin (replacing
 * `npx -y`, whose runtimeArguments are npx's own options and so are not passed on) with its
 * packageArguments and environment. A server only reachable over HTTP is left to the URL probe.
 */
export function planNpm(pkg: Package): Planned {
  if (!NPM_NAME.test(pkg.identifier) || pkg.identifier.length > 214)
    return notHere(`"${pkg.identifier.slice(0, 100)}" is not a valid npm package name.`);
  if (pkg.version !== undefined && !EXACT_VERSION.test(pkg.version))
    return notHere(
      `"${pkg.version.slice(0, 100)}" is not an exact version; only a named version is installed.`,
    );
  return (
    stdioOnly(pkg) ?? {
      launch: { ecosystem: "npm", name: pkg.identifier, version: pkg.version ?? null, ...launchInputs(pkg) },
    }
  );
}

/** The installed package's bin (from its package.json's `bin`) with the plan's arguments. */
export function npmLaunch(plan: LaunchPlan, bin: unknown): Started {
  const chosen = chooseBin(plan.name, bin);
  if (!chosen)
    return notStarted("The package declares no bin to start (or several, none named as the package).");
  return {
    launch: {
      argv: [`${SANDBOX_PATHS.pkg}/node_modules/.bin/${chosen}`, ...plan.args],
      env: plan.env,
      placeholders: plan.placeholders,
    },
  };
}

/**
 * Which of an installed package's bins is the server: the only one, else the one named as the
 * package (without its scope), as npx chooses. Null when neither rule finds one.
 */
export function chooseBin(name: string, bin: unknown): string | null {
  const unscoped = name.slice(name.indexOf("/") + 1);
  if (typeof bin === "string") return unscoped;
  if (!bin || typeof bin !== "object") return null;
  // npm links a bin under its last path segment ("@brightdata/mcp" as "mcp"), and so runs it.
  const names = [
    ...new Set(
      Object.keys(bin)
        .map(linkName)
        .filter((n) => n !== ""),
    ),
  ];
  if (names.length === 1) return names[0] as string;
  return names.includes(unscoped) ? unscoped : null;
}

const linkName = (key: string): string => key.slice(key.lastIndexOf("/") + 1).replace(/^\.+/, "");
