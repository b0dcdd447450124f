import { UNVERIFIED, verifyOwner } from "./owner.js";

const NOW = new Date("2025-12-18T00:00:00Z");

describe("verifyOwner", () => {
  it("verifies a domain namespace by a remote on the domain or a subdomain", () => {
    const owner = verifyOwner(
      {
        namespace: "com.example",
        repositoryUrl: null,
        remotes: [
          { url: "https://{region}.example.com/mcp", templated: true },
          { url: "https://api.example.com/mcp", templated: false },
        ],
      },
      null,
      NOW,
    );
    expect(owner).toEqual({
      verified: true,
      method: "remote_host",
      evidence: {
        namespace: "com.example",
        domain: "example.com",
        remote: "https://api.example.com/mcp",
        host: "api.example.com",
      },
      verified_at: NOW.toISOString(),
    });
  });

  it("verifies io.github.<owner> by a repository under github.com/<owner>", () => {
    const owner = verifyOwner(
      { namespace: "io.github.Alice", repositoryUrl: "git+https://github.com/alice/tool.git", remotes: [] },
      null,
      NOW,
    );
    expect(owner.method).toBe("repository_owner");
    expect(owner.evidence).toEqual({
      namespace: "io.github.Alice",
      github_owner: "alice",
      repository: "git+https://github.com/alice/tool.git",
    });
  });

  it("does not verify what points elsewhere", () => {
    const cases = [
      { namespace: "io.github.alice", repositoryUrl: "https://github.com/bob/tool", remotes: [] },
      {
        namespace: "io.github.alice",
        repositoryUrl: null,
        remotes: [{ url: "https://alice.dev", templated: false }],
      },
      { namespace: "com.example", repositoryUrl: "https://github.com/example/x", remotes: [] },
      {
        namespace: "com.example",
        repositoryUrl: null,
        remotes: [{ url: "https://example.com.evil.net", templated: false }],
      },
    ];
    for (const input of cases) expect(verifyOwner(input, null, NOW)).toEqual(UNVERIFIED);
  });

  it("keeps verified_at while the evidence is unchanged, and renews it when it changes", () => {
    const input = {
      namespace: "com.example",
      repositoryUrl: null,
      remotes: [{ url: "https://example.com/mcp", templated: false }],
    };
    const first = verifyOwner(input, null, new Date("2025-11-01T00:00:00Z"));
    expect(verifyOwner(input, first, NOW).verified_at).toBe("2025-11-01T00:00:00.000Z");
    const moved = { ...input, remotes: [{ url: "https://mcp.example.com", templated: false }] };
    expect(verifyOwner(moved, first, NOW).verified_at).toBe(NOW.toISOString());
  });
});
