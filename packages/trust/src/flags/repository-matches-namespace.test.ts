import { trustInput } from "../trust.fixtures.js";
import { repositoryMatchesNamespace as flag } from "./repository-matches-namespace.js";

describe("repository_matches_namespace", () => {
  it("matches io.github.<owner> with github.com/<owner>", () => {
    const input = trustInput({
      namespace: "io.github.alice",
      repositoryUrl: "https://github.com/Alice/tool.git",
    });
    expect(flag.detect(input)).toEqual({ repository: "https://github.com/Alice/tool.git", owner: "alice" });
  });
  it("does not match another owner's repository or another host", () => {
    expect(
      flag.detect(trustInput({ namespace: "io.github.alice", repositoryUrl: "https://github.com/bob/tool" })),
    ).toBeNull();
    expect(
      flag.detect(
        trustInput({ namespace: "io.github.alice", repositoryUrl: "https://gitlab.com/alice/tool" }),
      ),
    ).toBeNull();
  });
  it("matches a domain namespace by an owner named like a label of the domain", () => {
    const input = trustInput({
      namespace: "com.stripe",
      repositoryUrl: "https://github.com/stripe/agent-toolkit",
    });
    expect(flag.detect(input)).toEqual({
      repository: "https://github.com/stripe/agent-toolkit",
      owner: "stripe",
    });
  });
  it("matches a repository hosted under the domain", () => {
    const input = trustInput({
      namespace: "com.example",
      repositoryUrl: "https://git.example.com/mcp/server",
    });
    expect(flag.detect(input)).toEqual({
      repository: "https://git.example.com/mcp/server",
      host: "git.example.com",
    });
  });
  it("never matches on the top-level label alone", () => {
    expect(
      flag.detect(trustInput({ namespace: "com.example", repositoryUrl: "https://github.com/com/x" })),
    ).toBeNull();
    expect(flag.detect(trustInput({ namespace: "com.example" }))).toBeNull();
    expect(flag.detect(trustInput({ namespace: "com.example", repositoryUrl: "not a url" }))).toBeNull();
  });
});
