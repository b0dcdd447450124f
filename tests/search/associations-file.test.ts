import { readFileSync } from "node:fs";
import { catalogPairs, mineAssociations, stem } from "@catalog/lexical";
import { sharedToolServers } from "@catalog/testing";
import {
  ASSOCIATIONS_FILE,
  loadAssociations,
  serializeAssociations,
} from "../../services/search/src/query/associations-file.js";
import { engineOptions } from "../../services/search/src/search.js";
import { searchConfig } from "../support/search-catalog.js";

const shipped = readFileSync(ASSOCIATIONS_FILE, "utf8");

test("the shipped table is what its script mines from the shared data (regenerate: pnpm --filter @catalog/search run associations)", () => {
  const mined = mineAssociations(catalogPairs(sharedToolServers()), JSON.parse(shipped).about);
  expect(serializeAssociations(mined) === shipped).toBe(true);
});

test("the search service loads it at start: a step's words look for the tools' words", () => {
  const options = engineOptions(searchConfig({ redisUrl: "", prefix: "" } as never));
  expect(options.associations!.table.size).toBeGreaterThan(500);
  const expanded = loadAssociations().expand([stem("stock")]);
  expect(expanded[0]).toEqual({ term: stem("stock"), weight: 1 });
  expect(expanded.filter((t) => t.optional).map((t) => t.term)).toEqual(
    expect.arrayContaining([stem("symbol"), stem("price"), stem("market")]),
  );
});
