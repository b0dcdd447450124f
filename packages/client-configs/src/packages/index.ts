import type { Launcher } from "./launch.js";
import { npm } from "./npm.js";
import { nuget } from "./nuget.js";
import { oci } from "./oci.js";
import { pypi } from "./pypi.js";

export { mcpbBundle } from "./mcpb.js";
export { servedPackage } from "./served.js";
export type { Launcher } from "./launch.js";
export type { Withheld } from "./withheld.js";

/** Launchers of the package types a client starts over stdio. */
export const LAUNCHERS: Readonly<Record<string, Launcher>> = { npm, pypi, oci, nuget };

/** Package types in the order a config prefers them when nothing better is known. */
export const PACKAGE_ORDER = ["npm", "pypi", "oci", "nuget", "mcpb"] as const;
