import type { Package } from "@catalog/registry";
import { isExactSemver, isNpmName } from "@catalog/contracts";
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

/**
 * An npm listing's launch: install `identifier@version`, start the package's bin (replacing
 * `npx -y`, whose runtimeArguments are npx's own options and so are not passed on) with its
 * packageArguments and environment. A server only reachable over HTTP is left to the URL probe.
 */
export function planNpm(pkg: Package): Planned {
  if (!isNpmName(pkg.identifier))
    return notHere(`"${pkg.identifier.slice(0, 100)}" is not a valid npm package name.`);
  // The listing must not name a range, and a tag would move under us.
  if (pkg.version !== undefined && !isExactSemver(pkg.version))
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
