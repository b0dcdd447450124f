import { TRUST_FLAGS } from "@catalog/contracts";
import { assessTrust, TRUST_BASE, TRUST_FLAG_DEFINITIONS } from "./assess.js";
import { daysAgo, history, probe, trustInput } from "./trust.fixtures.js";

describe("assessTrust", () => {
  it("defines every flag of the vocabulary once, in its order", () => {
    expect(TRUST_FLAG_DEFINITIONS.map((d) => d.flag)).toEqual([...TRUST_FLAGS]);
  });

  it("adds the weights of the present flags to the base", () => {
    const result = assessTrust(trustInput({ repositoryUrl: "https://github.com/example/weather" }));
    expect(result.flags).toEqual(["namespace_domain", "repository_linked", "repository_matches_namespace"]);
    expect(result.score).toBe(TRUST_BASE + 10 + 10 + 10);
    expect(result.evidence.signals).toEqual([
      { flag: "namespace_domain", weight: 10 },
      { flag: "repository_linked", weight: 10 },
      { flag: "repository_matches_namespace", weight: 10 },
    ]);
    expect(result.evidence.flags.repository_linked).toEqual({
      repository: "https://github.com/example/weather",
    });
  });

  it("clamps to 0..100", () => {
    const strong = assessTrust(
      trustInput({
        repositoryUrl: "https://github.com/example/weather",
        remotes: [{ url: "https://mcp.example.com/mcp", templated: false }],
        probes: [history(probe("auth_required"))],
        owner: { verified: true, method: "remote_host", evidence: {}, verified_at: daysAgo(1).toISOString() },
        sdk: {
          ecosystem: "npm",
          package: "@modelcontextprotocol/sdk",
          version: "1.24.0",
          via: "npm:x@1.0.0",
        },
      }),
    );
    expect(strong.score).toBe(100);
    const weak = assessTrust(
      trustInput({
        namespace: "io.github.someone",
        status: "deprecated",
        firstPublishedAt: daysAgo(2),
        probes: [history(probe("timeout", { url: "https://x.example.net" }), { failures: 2 })],
        advisories: [{ id: "GHSA-x", severity: "critical", package: "x", version: "1.0.0" }],
        toolChanges: [{ tool: "t", kind: "changed", observedAt: daysAgo(1), descriptionSimilarity: 0.1 }],
      }),
    );
    expect(weak.score).toBe(0);
  });

  it("keeps the score through one failed probe and lowers it after two in a row", () => {
    const answer = probe("ok", { at: daysAgo(2) });
    const score = (failures: number) =>
      assessTrust(trustInput({ probes: [history(probe("dns_error"), { lastAnswer: answer, failures })] }));
    const live = assessTrust(trustInput({ probes: [history(answer)] }));
    expect(score(1).score).toBe(live.score);
    expect(score(1).flags).toContain("remote_reachable");
    expect(score(2).score).toBe(live.score - 10 - 15);
    expect(score(2).flags).toContain("remote_unreachable");
  });

  it("scores a blocked listing 0 whatever its signals", () => {
    const result = assessTrust(
      trustInput({
        repositoryUrl: "https://github.com/example/x",
        blocked: { entry: "com.example/*", reason: "abuse" },
      }),
    );
    expect(result.score).toBe(0);
    expect(result.flags).toContain("blocked");
  });

  it("is reproducible", () => {
    const input = trustInput({ repositoryUrl: "https://github.com/example/weather" });
    expect(assessTrust(input)).toEqual(assessTrust(input));
  });
});
