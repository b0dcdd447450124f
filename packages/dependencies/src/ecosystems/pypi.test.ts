import { pypi } from "./pypi.js";

describe("PyPI versions (PEP 440)", () => {
  it("order dev, pre, final and post releases", () => {
    const sorted = ["1.0.post1", "1.0", "1.0rc1", "1.0a1", "1.0.dev3", "1.0b2", "0.9.10", "0.9.9"].sort(
      pypi.compare,
    );
    expect(sorted).toEqual(["0.9.9", "0.9.10", "1.0.dev3", "1.0a1", "1.0b2", "1.0rc1", "1.0", "1.0.post1"]);
  });
  it("treats dev releases as pre-releases, post releases as final", () => {
    expect(pypi.isPrerelease("2.0rc1")).toBe(true);
    expect(pypi.isPrerelease("2.0.dev1")).toBe(true);
    expect(pypi.isPrerelease("2.0.post1")).toBe(false);
  });
  it("normalises names as PEP 503 does", () => {
    expect(pypi.normalizeName("Typing_Extensions")).toBe("typing-extensions");
    expect(pypi.normalizeName("zope.interface")).toBe("zope-interface");
  });
});
