import type { Distribution } from "@catalog/db";
import { distributionProblems, formatDistribution } from "./distribution.js";

const plausible: Distribution = {
  servers: 100,
  classes: { R0: 40, L0: 60 },
  trust: { "0": 10, "50": 60, "90": 30 },
  categories: { databases: 30, "developer-tools": 33, other: 10 },
  categoryCounts: { "1": 70, "2": 30 },
  quality: { good: 60, unrated: 40 },
  flags: { owner_verified: 20 },
  ownerVerified: 20,
  packaged: { listings: 40, read: 30, behind: 6 },
};

describe("the category and label distribution", () => {
  it("has no problem when it is plausible", () => {
    expect(distributionProblems(plausible)).toEqual([]);
  });

  it("names each implausible share, unlabelled and uncategorised servers", () => {
    const off = {
      ...plausible,
      categories: { databases: 34, other: 15 },
      categoryCounts: { "0": 3, "1": 97 },
      quality: { good: 90 },
    };
    expect(distributionProblems(off)).toEqual([
      "category databases holds 34.0% of the servers (at most a third)",
      "category other holds 15.0% of the servers (under 15%)",
      "10 servers have no quality label",
      "3 servers have no category",
    ]);
  });

  it("prints one table per fact, trust in bands of ten", () => {
    const text = formatDistribution(plausible);
    expect(text).toContain("servers: 100 (not deleted upstream); owner verified: 20 (20.0%)");
    expect(text).toMatch(/90-100\s+30\s+30\.0%/);
    expect(text).toMatch(/50-59\s+60\s+60\.0%/);
    expect(text).toContain(
      "packaged listings (npm/PyPI): 40; newest version known: 30; behind their package: 6 (20.0% of those known)",
    );
  });
});
