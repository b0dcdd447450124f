import { ECOSYSTEMS } from "./ecosystems/index.js";
import { freshnessOf, newestVersion, type PublishedVersion } from "./freshness.js";

const { npm, pypi } = ECOSYSTEMS;
const v = (version: string, day: string | null, isDefault = false): PublishedVersion => ({
  version,
  publishedAt: day ? new Date(`${day}T00:00:00Z`) : null,
  isDefault,
});

describe("newestVersion", () => {
  it("is the registry's default version, even below a higher one", () => {
    const versions = [
      v("1.4.0", "2025-06-01", true),
      v("2.0.0-beta.1", "2025-07-01"),
      v("1.5.0", "2025-05-01"),
    ];
    expect(newestVersion(npm, versions)?.version).toBe("1.4.0");
  });
  it("without a default, is the highest release in the ecosystem's order", () => {
    const versions = [v("1.10.0", null), v("1.9.0", null), v("2.0.0rc1", null), v("1.0.post1", null)];
    expect(newestVersion(pypi, versions)?.version).toBe("1.10.0");
  });
  it("falls back to pre-releases when nothing else exists, and to null without versions", () => {
    expect(newestVersion(npm, [v("0.1.0-alpha.1", null), v("0.1.0-alpha.2", null)])?.version).toBe(
      "0.1.0-alpha.2",
    );
    expect(newestVersion(npm, [])).toBeNull();
  });
});

describe("freshnessOf", () => {
  it("calls a newer major behind whatever the dates", () => {
    const f = freshnessOf(npm, "1.2.0", [v("1.2.0", "2025-06-01"), v("2.0.0", "2025-06-02", true)]);
    expect(f).toEqual({
      listed: "1.2.0",
      listedPublishedAt: new Date("2025-06-01T00:00:00Z"),
      newest: "2.0.0",
      newestPublishedAt: new Date("2025-06-02T00:00:00Z"),
      behind: "major",
    });
  });
  it("calls a same-major release published more than 90 days after the listed one stale", () => {
    const at91 = [v("1.2.0", "2025-01-01"), v("1.3.0", "2025-04-02", true)];
    const at90 = [v("1.2.0", "2025-01-01"), v("1.3.0", "2025-04-01", true)];
    expect(freshnessOf(npm, "1.2.0", at91)?.behind).toBe("stale");
    expect(freshnessOf(npm, "1.2.0", at90)?.behind).toBeNull();
  });
  it("is not behind at the newest version, above it, or without dates to compare", () => {
    expect(freshnessOf(npm, "2.0.0", [v("2.0.0", "2025-01-01", true)])?.behind).toBeNull();
    expect(freshnessOf(npm, "2.1.0-rc.1", [v("2.0.0", "2025-01-01", true)])?.behind).toBeNull();
    const undated = freshnessOf(npm, "1.0.0", [v("1.1.0", "2025-09-01", true)]);
    expect(undated).toMatchObject({ listedPublishedAt: null, newest: "1.1.0", behind: null });
  });
  it("orders PyPI versions by PEP 440, epochs and post releases included", () => {
    const versions = [v("1.0", "2024-01-01"), v("1.0.post1", "2024-06-01"), v("1!0.1", "2024-02-01")];
    expect(freshnessOf(pypi, "1.0", versions)?.behind).toBe("major");
    expect(freshnessOf(pypi, "1.0", versions.slice(0, 2))?.behind).toBe("stale");
    expect(freshnessOf(pypi, "1.0rc1", [v("1.0", "2024-01-02", true)])?.behind).toBeNull();
  });
  it("never calls a version it cannot order behind", () => {
    expect(freshnessOf(npm, "latest-ish", [v("3.0.0", "2025-01-01", true)])?.behind).toBeNull();
    expect(freshnessOf(npm, "1.0.0", [])).toBeNull();
  });
});
