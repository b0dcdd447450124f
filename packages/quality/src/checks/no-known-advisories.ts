import { fail, na, pass, warn, type QualityCheckDefinition } from "../types.js";

export const noKnownAdvisories: QualityCheckDefinition = {
  id: "no_known_advisories",
  weight: 5,
  run: ({ advisories: a }) => {
    if (!a) return na("No dependency report (advisories come from the server's npm and PyPI packages).");
    if (a.total === 0) return pass("No known advisories in the dependency graph.");
    const detail = `${a.total} known advisory(ies), ${a.critical} critical.`;
    return a.critical > 0 ? fail(detail) : warn(detail);
  },
};
