import { fail, na, pass, type QualityCheckDefinition } from "../types.js";

export const https: QualityCheckDefinition = {
  id: "https",
  weight: 5,
  run: ({ probe }) => {
    if (!probe) return na("The server has no probed remote.");
    const urls = [probe.url, ...probe.redirects.map((r) => r.to)];
    const plain = urls.filter((u) => !u.startsWith("https:"));
    if (!plain.length) return pass("The remote is served over https.");
    return fail(`Not https: ${plain[0]}.`);
  },
};
