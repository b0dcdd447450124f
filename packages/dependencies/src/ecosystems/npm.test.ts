import { npm } from "./npm.js";

describe("npm versions", () => {
  it("order pre-releases before their release, numerically", () => {
    const sorted = ["1.10.0", "1.2.0", "2.0.0-rc.1", "2.0.0", "2.0.0-beta.10", "2.0.0-beta.2"].sort(
      npm.compare,
    );
    expect(sorted).toEqual(["1.2.0", "1.10.0", "2.0.0-beta.2", "2.0.0-beta.10", "2.0.0-rc.1", "2.0.0"]);
  });
  it("know pre-releases and invalid versions", () => {
    expect(npm.isPrerelease("1.0.0-alpha.1")).toBe(true);
    expect(npm.isPrerelease("1.0.0")).toBe(false);
    expect(npm.valid("1.0")).toBe(false);
  });
  it("names the MCP SDK packages", () => {
    expect(npm.sdkPackages).toContain("@modelcontextprotocol/sdk");
  });
});
