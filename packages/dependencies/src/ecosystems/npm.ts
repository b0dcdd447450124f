import semver from "semver";
import type { Ecosystem } from "./ecosystem.js";

/** npm: semantic versioning as npm itself orders it (the semver package). */
export const npm: Ecosystem = {
  id: "npm",
  depsDevSystem: "npm",
  osvEcosystem: "npm",
  // The 1.x SDK, and the packages the 2.x SDK is split into.
  sdkPackages: ["@modelcontextprotocol/sdk", "@modelcontextprotocol/server", "@modelcontextprotocol/client"],
  normalizeName: (name) => name.toLowerCase(),
  valid: (version) => semver.valid(version) !== null,
  compare: (a, b) => semver.compare(a, b),
  isPrerelease: (version) => (semver.prerelease(version)?.length ?? 0) > 0,
  major: (version) => String(semver.major(version)),
};
