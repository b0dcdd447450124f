import { input } from "../probe.fixtures.js";
import { noKnownAdvisories } from "./no-known-advisories.js";

describe("no_known_advisories", () => {
  it("is na without a dependency report", () => {
    expect(noKnownAdvisories.run(input()).status).toBe("na");
  });
  it("passes none, warns on some, fails on a critical one", () => {
    expect(noKnownAdvisories.run(input({ advisories: { total: 0, critical: 0 } })).status).toBe("pass");
    expect(noKnownAdvisories.run(input({ advisories: { total: 2, critical: 0 } })).status).toBe("warn");
    expect(noKnownAdvisories.run(input({ advisories: { total: 2, critical: 1 } })).status).toBe("fail");
  });
});
