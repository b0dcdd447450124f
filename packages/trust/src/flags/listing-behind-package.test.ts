import { trustInput } from "../trust.fixtures.js";
import { listingBehindPackage } from "./listing-behind-package.js";

const behind = (pkg: string, reason: string) => ({
  ecosystem: "npm",
  package: pkg,
  listed: "1.0.31",
  listedPublishedAt: new Date("2025-05-01T00:00:00Z"),
  newest: "2.1.0",
  newestPublishedAt: null,
  reason,
});

describe("listing_behind_package", () => {
  it("shows each package behind with both versions and their publication times", () => {
    const evidence = listingBehindPackage.detect(
      trustInput({ packagesBehind: [behind("z-mcp", "stale"), behind("a-mcp", "major")] }),
    );
    expect(evidence).toEqual({
      count: 2,
      packages: [
        {
          ecosystem: "npm",
          package: "a-mcp",
          listed: "1.0.31",
          listed_published_at: "2025-05-01T00:00:00.000Z",
          newest: "2.1.0",
          newest_published_at: null,
          reason: "major",
        },
        expect.objectContaining({ package: "z-mcp", reason: "stale" }),
      ],
    });
  });
  it("is absent when no package is behind", () => {
    expect(listingBehindPackage.detect(trustInput())).toBeNull();
  });
});
