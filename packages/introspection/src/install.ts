import type { Verdict } from "./outcome.js";

const NO_VERSION = /ETARGET|No matching version/;
const NOT_FOUND = /E404/;

/**
 * Why `npm install name@version` failed, from its output: the registry has no such version (or no
 * such package: the listing's name is what 404s) or anything else, a dependency, the network or a build.
 */
export function classifyInstallFailure(name: string, version: string | null, output: string): Verdict {
  const last = output.trim().split("\n").slice(-3).join(" | ").slice(0, 600);
  const spec = version ? `${name}@${version}` : name;
  if (NO_VERSION.test(output) || (NOT_FOUND.test(output) && output.includes(`${name}@`)))
    return { outcome: "version_unavailable", reason: `The registry does not serve ${spec}. ${last}` };
  return { outcome: "install_failed", reason: `npm could not install ${spec}. ${last}` };
}
