import { assessServer, assessTool, FLAG_DETECTORS, findingsFor, type ToolRiskFlag } from "@catalog/tool-risk";
import { BENIGN_SHAPES, LOOKALIKES } from "./labelled/benign-shapes.js";
import { REVIEWED_REAL } from "./labelled/reviewed-real.js";

/**
 * Issue 47's benign shapes (labelled/benign-shapes.ts): honest tools that read like attacks on the
 * surface raise no flag, and the poisoned look-alikes one step away keep theirs. Each tool is
 * judged beside its siblings, as the catalog judges it.
 */
const FLAGS = Object.keys(FLAG_DETECTORS) as ToolRiskFlag[];
const siblingsOf = (siblings: readonly string[] = [], name: string) =>
  siblings.filter((s) => s !== name).map((s) => ({ name: s }));

test("every benign shape has a reason, and the ids are unique", () => {
  const ids = [...BENIGN_SHAPES, ...LOOKALIKES].map((i) => i.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(BENIGN_SHAPES.filter((i) => i.reason.trim().length < 10).map((i) => i.id)).toEqual([]);
  expect(BENIGN_SHAPES.length).toBeGreaterThanOrEqual(40);
});

test("no benign shape raises a flag, nor has a high finding", () => {
  const raised = BENIGN_SHAPES.flatMap(({ id, tool, siblings }) => {
    const risk = assessServer([tool, ...siblingsOf(siblings, tool.name)]);
    const mine = { ...risk, tools: risk.tools.filter((t) => t.tool === tool.name) };
    const flags = FLAGS.filter((flag) => findingsFor(mine, flag).length > 0);
    const high = mine.tools[0]!.findings.filter((f) => f.severity === "high").map((f) => f.rule);
    return flags.length || high.length ? [{ id, flags, high }] : [];
  });
  expect(raised).toEqual([]);
});

test("every poisoned look-alike keeps a flagged finding of the detectors it is labelled for", () => {
  const missed = LOOKALIKES.filter(({ tool, siblings, expect: detectors }) => {
    const findings = assessTool(tool, siblings);
    return !detectors.every((d) =>
      findings.some(
        (f) =>
          f.detector === d &&
          (f.severity === "high" || (d === "annotation_mismatch" && f.severity === "medium")),
      ),
    );
  }).map((i) => i.id);
  expect(missed).toEqual([]);
});

test("every reviewed real tool has a verdict and a reason", () => {
  expect(
    REVIEWED_REAL.filter((r) => r.reason.trim().length < 10).map((r) => `${r.server}#${r.tool}`),
  ).toEqual([]);
});
