import { Associations, catalogPairs, mineAssociations } from "./associations.js";

/** Twenty servers: four about stocks whose tools say "ticker", four about the weather, twelve others. */
const servers = [
  ...Array.from({ length: 4 }, (_, i) => ({
    description: `Stock market data ${i}`,
    tools: [{ name: `get_quote_${i}`, description: "Latest price of a ticker symbol" }],
  })),
  ...Array.from({ length: 4 }, (_, i) => ({
    description: `Weather service ${i}`,
    tools: [{ name: `forecast_${i}`, description: "Forecast for a city" }],
  })),
  ...Array.from({ length: 12 }, (_, i) => ({
    description: `Notebook number ${i}`,
    tools: [{ name: `add_note_${i}`, description: "Adds a note" }],
  })),
];

test("associates the words said of servers with the words of their tools", () => {
  const table = mineAssociations(catalogPairs(servers), "test", {
    minPairs: 3,
    perTerm: 10,
    maxShare: 0.6,
    minConfidence: 0,
  });
  expect(table.pairs).toBe(20);
  expect(table.terms.stock!.map(([t]) => t)).toEqual(expect.arrayContaining(["ticker", "symbol", "quot"]));
  expect(table.terms.stock!.map(([t]) => t)).not.toContain("forecast");
  expect(table.terms.weather!.map(([t]) => t)).toContain("citi");
});

test("a tool list shared by forks counts once", () => {
  const forks = Array.from({ length: 5 }, () => ({
    description: "Quokka helper",
    tools: [{ name: "bridge_tool", description: "Builds a bridge" }],
  }));
  const table = mineAssociations(catalogPairs(forks), "test");
  expect(table.pairs).toBe(1);
  expect(table.terms.quokka).toBeUndefined();
});

test("expansions are optional terms, capped at their source, never the query's own words", () => {
  const associations = new Associations({
    about: "",
    pairs: 1,
    terms: {
      stock: [
        ["ticker", 3],
        ["price", 2],
      ],
      price: [["stock", 2]],
    },
  });
  expect(associations.expand(["stock", "price"], { weight: 0.5, perTerm: 10 })).toEqual([
    { term: "stock", weight: 1 },
    { term: "price", weight: 1 },
    { term: "ticker", weight: 0.5, optional: true, source: "stock" },
  ]);
  expect(associations.expand(["constructor"])).toEqual([{ term: "constructor", weight: 1 }]);
});
