import { trustInput } from "../trust.fixtures.js";
import { namespaceGithub } from "./namespace-github.js";

describe("namespace_github", () => {
  it("names the GitHub owner, case-folded", () => {
    expect(namespaceGithub.detect(trustInput({ namespace: "io.github.Alice" }))).toEqual({
      namespace: "io.github.Alice",
      github_owner: "alice",
    });
  });
  it("is absent for domain namespaces, and for deeper io.github names", () => {
    expect(namespaceGithub.detect(trustInput({ namespace: "com.example" }))).toBeNull();
    expect(namespaceGithub.detect(trustInput({ namespace: "io.github.alice.tools" }))).toBeNull();
  });
});
