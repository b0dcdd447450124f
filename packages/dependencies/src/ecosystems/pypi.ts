import { compare, parse, valid } from "@renovatebot/pep440";
import type { Ecosystem } from "./ecosystem.js";

/** PyPI: PEP 440 versions (the @renovatebot/pep440 implementation) and PEP 503 names. */
export const pypi: Ecosystem = {
  id: "pypi",
  depsDevSystem: "pypi",
  osvEcosystem: "PyPI",
  sdkPackages: ["mcp"],
  normalizeName: (name) => name.toLowerCase().replace(/[-_.]+/g, "-"),
  valid: (version) => valid(version) !== null,
  compare: (a, b) => compare(a, b),
  // Development releases count as pre-releases (PEP 440: pip skips both unless asked).
  isPrerelease: (version) => {
    const v = parse(version);
    return v !== null && (v.pre !== null || v.dev !== null);
  },
};
