import { trustInput } from "../trust.fixtures.js";
import { officialSdk } from "./official-sdk.js";

describe("official_sdk", () => {
  it("names the SDK found in a dependency graph", () => {
    const sdk = {
      ecosystem: "npm",
      package: "@modelcontextprotocol/sdk",
      version: "1.24.3",
      via: "npm:weather-mcp@2.0.0",
    };
    expect(officialSdk.detect(trustInput({ sdk }))).toEqual(sdk);
  });
  it("is absent without one", () => {
    expect(officialSdk.detect(trustInput())).toBeNull();
  });
});
