import type { Input, Package } from "@catalog/registry";
import { describe, needsUserValue } from "./inputs.js";
import type { Candidate } from "./types.js";

/** Package types a client can launch, best first; MCPB bundles need a desktop app to install. */
const PACKAGE_ORDER = ["npm", "pypi", "oci", "nuget", "mcpb"];

export function assessPackage(pkg: Package, index: number): Candidate | null {
  const order = PACKAGE_ORDER.indexOf(pkg.registryType);
  if (order < 0) return null;
  const inputs: Input[] = [
    ...(pkg.environmentVariables ?? []),
    ...(pkg.runtimeArguments ?? []),
    ...(pkg.packageArguments ?? []),
    ...(pkg.transport?.headers ?? []),
  ].filter(needsUserValue);
  const secret = inputs.some((i) => i.isSecret);
  const steps = inputs.map((i) => {
    const label = i.name ?? i.valueHint ?? "a required value";
    return `Set ${label}: ${describe(i, label)}`;
  });
  if (pkg.registryType === "mcpb") steps.unshift("Download the bundle and open it with Claude Desktop");
  return {
    class: "L0",
    autonomous: !secret,
    human_steps: steps,
    via: { kind: "package", index, registryType: pkg.registryType, identifier: pkg.identifier },
    reason: secret
      ? "A local package that needs a secret from the user."
      : "A local package that runs on the user's machine.",
    rank: 2 + order / 10 + (secret ? 0.05 : 0),
  };
}
