import { advisoryFor, fixedIn, type OsvRecord } from "./advisory.js";
import { npm } from "./ecosystems/npm.js";
import { pypi } from "./ecosystems/pypi.js";

const record = (ecosystem: string, name: string, events: Record<string, string>[][]): OsvRecord => ({
  id: "GHSA-test",
  affected: [{ package: { ecosystem, name }, ranges: events.map((e) => ({ type: "SEMVER", events: e })) }],
});

describe("fixedIn", () => {
  const npmRecord = record("npm", "lib", [
    [{ introduced: "0" }, { fixed: "1.4.2" }],
    [{ introduced: "2.0.0-alpha.1" }, { fixed: "2.0.0-beta.3" }],
    [{ introduced: "2.0.0" }, { fixed: "2.1.0" }],
  ]);

  it("picks the lowest fixed version above the installed one", () => {
    expect(fixedIn(npmRecord, "lib", "1.4.0", npm, null)).toBe("1.4.2");
    expect(fixedIn(npmRecord, "lib", "2.0.5", npm, null)).toBe("2.1.0");
  });

  it("skips pre-release fixes for a final release, and keeps them for a pre-release", () => {
    // 2.0.0-beta.3 sorts above 1.4.2's line and below 2.0.0, yet a 1.x user upgrades to a release.
    expect(fixedIn(npmRecord, "lib", "1.5.0", npm, null)).toBe("2.1.0");
    expect(fixedIn(npmRecord, "lib", "2.0.0-beta.1", npm, null)).toBe("2.0.0-beta.3");
  });

  it("keeps only published versions when the registry's list is known", () => {
    expect(fixedIn(npmRecord, "lib", "1.4.0", npm, new Set(["1.4.0", "2.1.0"]))).toBe("2.1.0");
    expect(fixedIn(npmRecord, "lib", "2.1.0", npm, null)).toBeNull();
  });

  it("orders PyPI versions by PEP 440 and ignores GIT ranges and other packages", () => {
    const py: OsvRecord = {
      id: "PYSEC-test",
      affected: [
        {
          package: { ecosystem: "PyPI", name: "Some_Lib" },
          ranges: [
            {
              type: "GIT",
              events: [{ introduced: "0" }, { fixed: "74ea7cf7a6a27a4eeb2ae24e162bcc942a6706d5" }],
            },
            {
              type: "ECOSYSTEM",
              events: [
                { introduced: "0" },
                { fixed: "1.10" },
                { introduced: "2.0rc1" },
                { fixed: "2.0.post1" },
              ],
            },
          ],
        },
        {
          package: { ecosystem: "PyPI", name: "other" },
          ranges: [{ type: "ECOSYSTEM", events: [{ fixed: "1.3" }] }],
        },
      ],
    };
    expect(fixedIn(py, "some-lib", "1.9", pypi, null)).toBe("1.10");
    expect(fixedIn(py, "some-lib", "2.0", pypi, null)).toBe("2.0.post1");
    expect(fixedIn(py, "some-lib", "2.0.post1", pypi, null)).toBeNull();
  });
});

describe("advisoryFor", () => {
  it("describes the advisory for one node, with its relation and osv.dev URL", () => {
    const rec: OsvRecord = {
      ...record("npm", "lib", [[{ introduced: "0" }, { fixed: "1.4.2" }]]),
      summary: "Prototype pollution in lib",
      database_specific: { severity: "HIGH" },
    };
    expect(advisoryFor(rec, { name: "lib", version: "1.4.0", relation: "indirect" }, npm, null)).toEqual({
      id: "GHSA-test",
      severity: "high",
      summary: "Prototype pollution in lib",
      package: "lib",
      version: "1.4.0",
      relation: "indirect",
      fixedIn: "1.4.2",
      url: "https://osv.dev/vulnerability/GHSA-test",
    });
    expect(advisoryFor(rec, { name: "lib", version: "1.4.0", relation: "self" }, npm, null).relation).toBe(
      "direct",
    );
  });
});
