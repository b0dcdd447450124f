/**
 * Regenerates services/search/data/associations.json: term associations mined from every tool
 * list of ../shared/data (toolsdk, LiveMCPBench, Docker's catalog, ToolHive), never from the
 * labelled search sets. Deterministic: the same data gives the same file, which
 * tests/search/associations-file.test.ts holds to.
 *
 * Usage: pnpm --filter @catalog/search run associations   (after a build)
 */
import { writeFileSync } from "node:fs";
import { catalogPairs, mineAssociations } from "@catalog/lexical";
import { sharedToolServers } from "@catalog/testing";
import { ASSOCIATIONS_FILE, serializeAssociations } from "../src/query/associations-file.ts";

const ABOUT =
  "Term associations mined from the tool lists of ../shared/data by services/search/scripts/mine-associations.ts: " +
  "per source, a server's description with each tool's name and description and each tool's description with its name " +
  "(sources with the same tool list once); PMI over sources, at least 3 sources, ranked by local mutual information.";

const table = mineAssociations(catalogPairs(sharedToolServers()), ABOUT);
writeFileSync(ASSOCIATIONS_FILE, serializeAssociations(table));
process.stdout.write(`${Object.keys(table.terms).length} terms from ${table.pairs} sources\n`);
