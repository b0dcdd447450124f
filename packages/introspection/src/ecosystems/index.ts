import type { Package } from "@catalog/registry";
import { notHere, type Planned } from "../plan.js";
import { planMcpb } from "./mcpb.js";
import { planNpm } from "./npm.js";
import { planNuget } from "./nuget.js";
import { planOci } from "./oci.js";
import { planPypi } from "./pypi.js";

const PLANNERS: Record<string, (pkg: Package) => Planned> = {
  npm: planNpm,
  pypi: planPypi,
  oci: planOci,
  mcpb: planMcpb,
  nuget: planNuget,
};

/** The launch of a listing's package, by its registry type. */
export function planLaunch(pkg: Package): Planned {
  const planner = Object.hasOwn(PLANNERS, pkg.registryType) ? PLANNERS[pkg.registryType] : undefined;
  return planner
    ? planner(pkg)
    : notHere(`"${pkg.registryType.slice(0, 50)}" is not a registry type introspection knows.`);
}

export { chooseBin, npmLaunch } from "./npm.js";
export { mcpbLaunch } from "./mcpb.js";
export { normalizePypiName, pypiLaunch } from "./pypi.js";
