import { assessTool, DETECTORS, flagged } from "@catalog/tool-risk";
import { caughtBy, evaluate, recall, type Evaluation, type Mode } from "./evaluate.js";
import { SECOND_BENIGN_TWINS, SECOND_FAMILIES, SECOND_POISONED } from "./labelled/second.js";

/**
 * The second labelled set (labelled/second.md): written from descriptions of attack classes, away
 * from the rules, so the detectors are measured on text they were not tuned on. Only structural
 * facts are asserted for now; the figures are printed.
 */
const CATEGORIES: readonly string[] = DETECTORS;

const MODES = ["rules", "classifier", "both", "flags"] as const;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

let result: Evaluation;
let byMode: Record<Mode, Evaluation>;
let twinsFlagged: Record<Mode, { id: string; family: string; detectors: string[] }[]>;
beforeAll(() => {
  byMode = Object.fromEntries(
    MODES.map((mode) => [mode, evaluate(SECOND_POISONED, { benign: false, mode })]),
  ) as Record<Mode, Evaluation>;
  result = byMode.both;
  const twinFindings = SECOND_BENIGN_TWINS.map((t) => ({
    t,
    hits: assessTool(t.tool, t.siblings).filter(flagged),
  }));
  twinsFlagged = Object.fromEntries(
    MODES.map((mode) => [
      mode,
      twinFindings.flatMap(({ t, hits }) => {
        const mine = hits.filter((f) => caughtBy(f, mode));
        return mine.length === 0
          ? []
          : [
              {
                id: t.id,
                family: t.family,
                detectors: [...new Set(mine.map((f) => `${f.detector}:${f.rule}`))],
              },
            ];
      }),
    ]),
  ) as typeof twinsFlagged;
  const lines = [
    `second set: ${result.poisoned} poisoned judged, ${SECOND_BENIGN_TWINS.length} benign twins (rules | classifier | both | flags: what the catalog flags)`,
    `left out as code-only (textOnly: false): ${result.leftOut.length}${result.leftOut.length ? ` (${result.leftOut.join(", ")})` : ""}`,
    `overall recall: ${MODES.map((m) => `${byMode[m].overall.tp}/${result.poisoned} = ${pct(recall(byMode[m].overall))}`).join(" | ")}`,
    `benign twins flagged: ${MODES.map((m) => `${twinsFlagged[m].length}/${SECOND_BENIGN_TWINS.length}`).join(" | ")}`,
    "",
    "per family (recall: rules | classifier | both | flags):",
    ...SECOND_FAMILIES.map((f) => {
      const cell = (m: Mode) => {
        const c = byMode[m].families[f] ?? { tp: 0, fn: 0, fp: 0, tn: 0 };
        return `${c.tp}/${c.tp + c.fn}`;
      };
      return `  ${f.padEnd(20)} ${MODES.map(cell).join(" | ")}`;
    }),
    "",
    "per detector (recall on items labelled for it; fp = fired on poisoned items not labelled for it):",
    ...DETECTORS.map((d) => {
      const c = result.detectors[d];
      return `  ${d.padEnd(20)} ${c.tp}/${c.tp + c.fn}  ${pct(recall(c))}  fp=${c.fp}`;
    }),
    "",
    "benign twins flagged (both):",
    ...twinsFlagged.both.map((t) => `  ${t.id} (${t.family}): ${t.detectors.join(", ")}`),
    "",
    `missed by both (${result.missed.length}):`,
    ...result.missed.map((m) => `  ${m.id} [${m.variant}] expect ${m.expect.join("+")}`),
  ];
  console.log(lines.join("\n"));
});

/**
 * Floors a little under the figures measured when the set was first run against the rules and
 * the classifier together (docs/tool-risk.md): a change that loses ground on text the rules were
 * never tuned on fails here. Issue 47's target (0.85 with the rules and the classifier) is not met
 * (0.819 of findings; 0.565 of flags, the classifier's score alone being a second opinion); the
 * docs say by how much.
 */
test("the rules and the classifier keep their measured ground on the untouched set", () => {
  expect(recall(byMode.rules.overall)).toBeGreaterThanOrEqual(0.5);
  expect(recall(byMode.both.overall)).toBeGreaterThanOrEqual(0.8);
  expect(recall(byMode.flags.overall)).toBeGreaterThanOrEqual(0.55);
  expect(twinsFlagged.rules.length).toBeLessThanOrEqual(2);
});

test("the set holds at least 160 poisoned tools and 40 benign twins", () => {
  expect(SECOND_POISONED.length).toBeGreaterThanOrEqual(160);
  expect(SECOND_BENIGN_TWINS.length).toBeGreaterThanOrEqual(40);
  expect(result.poisoned + result.leftOut.length).toBe(SECOND_POISONED.length);
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
