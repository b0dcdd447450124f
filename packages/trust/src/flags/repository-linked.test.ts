import { trustInput } from "../trust.fixtures.js";
import { repositoryLinked } from "./repository-linked.js";

describe("repository_linked", () => {
  it("is present with a repository URL", () => {
    expect(repositoryLinked.detect(trustInput({ repositoryUrl: "https://github.com/a/b" }))).toEqual({
      repository: "https://github.com/a/b",
    });
  });
  it("is absent without one", () => {
    expect(repositoryLinked.detect(trustInput())).toBeNull();
  });
});
