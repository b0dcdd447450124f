import { QUALITY_CHECK_IDS } from "@catalog/contracts";
import { assessQuality, QUALITY_CHECKS } from "./assess.js";
import { goodTool, input, okProbe } from "./probe.fixtures.js";

const nothingInput = () => ({ description: null, probe: null, tools: [], stability: null, advisories: null });

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
        tools: [goodTool()],
        stability: null,
        advisories: null,
      }).score,
    ).toBe(100);
  });
});
