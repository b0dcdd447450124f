import { trustInput } from "../trust.fixtures.js";
import { deprecated } from "./deprecated.js";

describe("deprecated", () => {
  it("follows the latest version's status", () => {
    expect(deprecated.detect(trustInput({ status: "deprecated" }))).toEqual({ status: "deprecated" });
    expect(deprecated.detect(trustInput({ status: "active" }))).toBeNull();
  });
});
