import { assessTool, DETECTORS, flagged } from "@catalog/tool-risk";
import { evaluate, recall, type Evaluation } from "./evaluate.js";
import { SECOND_BENIGN_TWINS, SECOND_FAMILIES, SECOND_POISONED } from "./labelled/second.js";

/**
 * The second labelled set (labelled/second.md): written from descriptions of attack classes, away
 * from the rules, so the detectors are measured on text they were not tuned on. Only structural
 * facts are asserted for now; the figures are printed.
 */
const CATEGORIES: readonly string[] = DETECTORS;

let result: Evaluation;
let twinsFlagged: { id: string; family: string; detectors: string[] }[];
beforeAll(() => {
  result = evaluate(SECOND_POISONED, { benign: false });
  twinsFlagged = SECOND_BENIGN_TWINS.flatMap((t) => {
    const hits = assessTool(t.tool, t.siblings).filter(flagged);
    return hits.length === 0
      ? []
      : [{ id: t.id, family: t.family, detectors: [...new Set(hits.map((f) => `${f.detector}:${f.rule}`))] }];
  });
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [
    `second set: ${result.poisoned} poisoned, ${SECOND_BENIGN_TWINS.length} benign twins`,
    `overall recall (any detector flags): ${result.overall.tp}/${result.poisoned} = ${pct(recall(result.overall))}`,
    "",
    "per family (tp/all recall):",
    ...SECOND_FAMILIES.map((f) => {
      const c = result.families[f] ?? { tp: 0, fn: 0, fp: 0, tn: 0 };
      return `  ${f.padEnd(20)} ${c.tp}/${c.tp + c.fn}  ${pct(recall(c))}`;
    }),
    "",
    "per detector (recall on items labelled for it; fp = fired on poisoned items not labelled for it):",
    ...DETECTORS.map((d) => {
      const c = result.detectors[d];
      return `  ${d.padEnd(20)} ${c.tp}/${c.tp + c.fn}  ${pct(recall(c))}  fp=${c.fp}`;
    }),
    "",
    `benign twins flagged: ${twinsFlagged.length}/${SECOND_BENIGN_TWINS.length}`,
    ...twinsFlagged.map((t) => `  ${t.id} (${t.family}): ${t.detectors.join(", ")}`),
    "",
    `missed (${result.missed.length}):`,
    ...result.missed.map((m) => `  ${m.id} [${m.variant}] expect ${m.expect.join("+")}`),
  ];
  console.log(lines.join("\n"));
});

test("the set holds at least 160 poisoned tools and 40 benign twins", () => {
  expect(SECOND_POISONED.length).toBeGreaterThanOrEqual(160);
  expect(SECOND_BENIGN_TWINS.length).toBeGreaterThanOrEqual(40);
  expect(result.poisoned).toBe(SECOND_POISONED.length);
});

test("every family has at least 12 poisoned samples", () => {
  const thin = SECOND_FAMILIES.filter((f) => SECOND_POISONED.filter((i) => i.family === f).length < 12);
  expect(thin).toEqual([]);
});

test("ids are unique across poisoned items and twins", () => {
  const ids = [...SECOND_POISONED, ...SECOND_BENIGN_TWINS].map((i) => i.id);
  expect(new Set(ids).size).toBe(ids.length);
});

test("every item's family and labels are valid", () => {
  const families: readonly string[] = SECOND_FAMILIES;
  const bad = [
    ...SECOND_POISONED.filter(
      (i) =>
        !families.includes(i.family) ||
        i.expect.length === 0 ||
        new Set(i.expect).size !== i.expect.length ||
        i.expect.some((e) => !CATEGORIES.includes(e)),
    ),
    ...SECOND_BENIGN_TWINS.filter((t) => !families.includes(t.family)),
  ].map((i) => i.id);
  expect(bad).toEqual([]);
});
