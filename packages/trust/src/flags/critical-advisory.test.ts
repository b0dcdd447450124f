import { trustInput } from "../trust.fixtures.js";
import { criticalAdvisory } from "./critical-advisory.js";

describe("critical_advisory", () => {
  it("lists the critical advisories only", () => {
    const advisories = [
      { id: "GHSA-high", severity: "high", package: "x", version: "1.0.0" },
      { id: "GHSA-crit", severity: "critical", package: "y", version: "2.0.0" },
    ];
    expect(criticalAdvisory.detect(trustInput({ advisories }))).toEqual({
      advisories: [{ id: "GHSA-crit", package: "y", version: "2.0.0" }],
    });
  });
  it("is absent when none is critical", () => {
    const advisories = [{ id: "GHSA-high", severity: "high", package: "x", version: "1.0.0" }];
    expect(criticalAdvisory.detect(trustInput({ advisories }))).toBeNull();
  });
});
