import { severityOf } from "./severity.js";

describe("severityOf", () => {
  it("takes the database's reviewed rating first", () => {
    expect(severityOf({ database_specific: { severity: "MODERATE" } })).toBe("medium");
    expect(severityOf({ database_specific: { severity: "CRITICAL" }, severity: [] })).toBe("critical");
  });
  it("rates the highest CVSS base score otherwise", () => {
    // CVSS 3.1 AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H scores 7.5; C:H/I:H/A:H scores 9.8.
    expect(
      severityOf({ severity: [{ type: "CVSS_V3", score: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H" }] }),
    ).toBe("high");
    expect(
      severityOf({
        severity: [
          { type: "CVSS_V3", score: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H" },
          { type: "CVSS_V3", score: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H" },
        ],
      }),
    ).toBe("critical");
  });
  it("is unknown without a rating or a readable vector", () => {
    expect(severityOf({})).toBe("unknown");
    expect(severityOf({ severity: [{ type: "CVSS_V3", score: "not a vector" }] })).toBe("unknown");
  });
});
