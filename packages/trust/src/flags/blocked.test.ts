import { trustInput } from "../trust.fixtures.js";
import { blocked } from "./blocked.js";

describe("blocked", () => {
  it("names the blocklist entry and its reason", () => {
    const input = trustInput({ blocked: { entry: "com.example/*", reason: "malware" } });
    expect(blocked.detect(input)).toEqual({ entry: "com.example/*", reason: "malware" });
  });
  it("is absent for a listing not on the blocklist", () => {
    expect(blocked.detect(trustInput())).toBeNull();
  });
});
