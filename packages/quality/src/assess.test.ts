import { QUALITY_CHECK_IDS } from "@catalog/contracts";
import { assessQuality, judgedProbe, QUALITY_CHECKS } from "./assess.js";
import { failedProbe, goodTool, input, okProbe } from "./probe.fixtures.js";

const nothingInput = () => ({
  description: null,
  probe: null,
  latestFailure: null,
  tools: [],
  stability: null,
  advisories: null,
});

describe("assessQuality", () => {
  it("runs every check of the vocabulary once, with weights adding up to 100", () => {
    expect(QUALITY_CHECKS.map((c) => c.id)).toEqual([...QUALITY_CHECK_IDS]);
    expect(QUALITY_CHECKS.reduce((s, c) => s + c.weight, 0)).toBe(100);
  });

  it("scores the weighted share of passes among checks that apply", () => {
    const block = assessQuality(input(), new Date("2026-11-21T12:00:00Z"));
    expect(block.checks.find((c) => c.id === "stability")?.status).toBe("na");
    expect(block).toMatchObject({ score: 100, label: "excellent", assessed_at: "2026-11-21T12:00:00.000Z" });
    // An open http server with a slow handshake: https (5) fails and latency (5) warns, of 80 applicable.
    const slow = assessQuality(
      input({
        probe: okProbe({
          url: "http://mcp.example.com/mcp",
          timings: { total_ms: 1, handshake_ms: 1500, tools_ms: 1 },
        }),
      }),
    );
    expect(slow.score).toBe(Math.round((70 / 80) * 100));
    expect(slow.label).toBe("excellent");
  });

  it("gives a low score to an unreachable server and null when nothing applies", () => {
    const down = assessQuality(
      input({
        probe: okProbe({
          outcome: "timeout",
          protocol: { era: null, version: null, supported_versions: [] },
          timings: { total_ms: 1, handshake_ms: null, tools_ms: null },
        }),
        tools: [],
      }),
    );
    expect(down.label).toBe("poor");
    const nothing = assessQuality(nothingInput());
    expect(nothing.checks.filter((c) => c.status !== "na").map((c) => c.id)).toEqual(["description_present"]);
    expect(nothing).toMatchObject({ score: null, label: "unrated" });
    // A description alone is no evidence about the server: unrated rather than excellent.
    const described = assessQuality({ ...nothingInput(), description: "A catalog server with no remote." });
    expect(described).toMatchObject({ score: null, label: "unrated" });
    expect(
      assessQuality({
        description: "A catalog server with no remote.",
        probe: null,
        latestFailure: null,
        tools: [goodTool()],
        stability: null,
        advisories: null,
      }).score,
    ).toBe(100);
  });
});

describe("a failed probe in the catalog", () => {
  const answer = okProbe();
  const failed = failedProbe("dns_error");
  const judged = (lastAnswer: typeof answer | null, failures: number) =>
    assessQuality(input({ ...judgedProbe({ latest: failed, lastAnswer, failures }), tools: [] }));
  const status = (block: ReturnType<typeof assessQuality>, id: string) =>
    block.checks.find((c) => c.id === id)!;

  it("keeps the quality of the last answer through one failure, and says so", () => {
    const healthy = assessQuality(
      input({ ...judgedProbe({ latest: answer, lastAnswer: null, failures: 0 }), tools: [] }),
    );
    const once = judged(answer, 1);
    expect(once.score).toBe(healthy.score);
    expect(once.label).toBe(healthy.label);
    for (const id of ["remote_reachable", "protocol_current", "latency"]) {
      expect(status(once, id).status).toBe("pass");
      expect(status(once, id).detail).toContain(
        `Judged from the last successful probe (${answer.started_at}): the latest probe (${failed.started_at}) failed with dns_error, and a remote counts as unreachable only after 2 failed scheduled probes in a row.`,
      );
    }
    expect(status(once, "description_present").detail).toBe("The server describes itself.");
  });

  it("judges the failure after two failed scheduled probes in a row", () => {
    const twice = judged(answer, 2);
    expect(status(twice, "remote_reachable")).toMatchObject({ status: "fail" });
    expect(status(twice, "remote_reachable").detail).not.toContain("Judged from");
    expect(status(twice, "auth_metadata").detail).toBe("Not known: the remote did not answer: dns_error.");
    expect(twice.label).toBe("poor");
  });

  it("counts nothing against a remote that never answered and failed once", () => {
    const first = judged(null, 1);
    expect(status(first, "remote_reachable")).toEqual({
      id: "remote_reachable",
      weight: 15,
      status: "na",
      detail: `The remote has not answered a probe yet. Not counted yet: the latest probe (${failed.started_at}) failed with dns_error, and a remote counts as unreachable only after 2 failed scheduled probes in a row.`,
    });
    expect(status(first, "tools_listed").status).toBe("na");
    expect(first.checks.filter((c) => c.status === "fail").map((c) => c.id)).toEqual([]);
  });

  it("judges an on-demand check's one probe as it is", () => {
    const check = assessQuality(input({ probe: failed, tools: [] }));
    expect(status(check, "remote_reachable").status).toBe("fail");
    expect(judgedProbe(null)).toEqual({ probe: null, latestFailure: null });
  });
});
