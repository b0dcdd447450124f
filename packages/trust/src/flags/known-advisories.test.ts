import { trustInput } from "../trust.fixtures.js";
import { knownAdvisories } from "./known-advisories.js";

describe("known_advisories", () => {
  it("counts distinct advisories", () => {
    const advisories = [
      { id: "GHSA-b", severity: "high", package: "x", version: "1.0.0" },
      { id: "GHSA-a", severity: "low", package: "y", version: "2.0.0" },
      { id: "GHSA-b", severity: "high", package: "x", version: "1.1.0" },
    ];
    expect(knownAdvisories.detect(trustInput({ advisories }))).toEqual({
      count: 2,
      ids: ["GHSA-a", "GHSA-b"],
    });
  });
  it("is absent without advisories", () => {
    expect(knownAdvisories.detect(trustInput())).toBeNull();
  });
});
