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
  // The epoch resets the order, so 1!1.0 is a new major line above any 2.x.
  major: (version) => {
    const v = parse(version);
    return v ? `${v.epoch}!${v.release[0] ?? 0}` : version;
  },
};
