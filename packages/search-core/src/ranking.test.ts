import { cheaperAmongEqual, interleave, monotone, namesFirst } from "./ranking.js";
import { NO_EVIDENCE } from "./match.js";
import type { RankedServer } from "./trust.js";

const r = (serverName: string, score: number, tools: string[] = []): RankedServer => ({
  serverName,
  score,
  relevance: score,
  tools: tools.map((name, i) => ({ name, score: 1 / (i + 1) })),
  evidence: NO_EVIDENCE,
});
const names = (list: RankedServer[]) => list.map((x) => x.serverName);

describe("namesFirst", () => {
  it("lifts named servers, strongest first, and keeps scores from rising down the list", () => {
    const ranked = [r("a", 0.9), r("b", 0.8), r("slack-x", 0.5), r("slack", 0.3)];
    const out = namesFirst(
      ranked,
      new Map([
        ["slack", 1],
        ["slack-x", 0.6],
        ["b", 0.2],
      ]),
      0.5,
    );
    expect(names(out)).toEqual(["slack", "slack-x", "a", "b"]);
    expect(out.map((x) => x.score)).toEqual([0.3, 0.3, 0.3, 0.3]);
  });

  it("keeps the order among equally strong names", () => {
    const out = namesFirst(
      [r("a", 0.9), r("b", 0.8), r("c", 0.7)],
      new Map([
        ["c", 1],
        ["b", 1],
      ]),
      0.5,
    );
    expect(names(out)).toEqual(["b", "c", "a"]);
  });

  it("changes nothing without a strong enough match", () => {
    const ranked = [r("a", 0.9), r("b", 0.8)];
    expect(namesFirst(ranked, new Map([["b", 0.4]]), 0.5)).toEqual(ranked);
  });
});

describe("interleave", () => {
  it("takes each intent's best in turn, a server once, with the tools of every intent", () => {
    const out = interleave(
      [
        [r("pdf", 0.9, ["make_pdf"]), r("docs", 0.5)],
        [r("cloud", 0.8, ["word_cloud"]), r("pdf", 0.4, ["merge_pdf"])],
        [r("trends", 0.7)],
      ],
      5,
    );
    expect(names(out)).toEqual(["pdf", "cloud", "trends", "docs"]);
    expect(out[0]!.tools.map((t) => t.name)).toEqual(["make_pdf", "merge_pdf"]);
    expect(out.map((x) => x.score)).toEqual([0.9, 0.8, 0.7, 0.5]);
  });
});

describe("monotone", () => {
  it("caps each score at the one above it", () => {
    expect(monotone([r("a", 0.5), r("b", 0.7), r("c", 0.2)]).map((x) => x.score)).toEqual([0.5, 0.5, 0.2]);
  });
});

describe("cheaperAmongEqual", () => {
  const tokens = new Map<string, number | null>([
    ["big", 9000],
    ["small", 300],
    ["mid", 1200],
    ["uncounted", null],
  ]);
  const of = (name: string) => tokens.get(name);

  it("puts the cheaper of equally scored neighbours first, uncounted last", () => {
    const out = cheaperAmongEqual(
      [r("big", 0.5), r("uncounted", 0.5), r("small", 0.50001), r("mid", 0.4)],
      of,
    );
    expect(names(out)).toEqual(["small", "big", "uncounted", "mid"]);
  });

  it("never moves a server past one of another score", () => {
    const ranked = [r("big", 0.9), r("small", 0.8), r("mid", 0.9)];
    expect(names(cheaperAmongEqual(ranked, of))).toEqual(["big", "small", "mid"]);
    expect(cheaperAmongEqual([], of)).toEqual([]);
  });
});
