import { readFileSync } from "node:fs";
import { Associations, type AssociationTable } from "@catalog/lexical";

/**
 * The association table the search service ships (docs/search.md, "Associations"): mined from
 * the tool lists of ../shared/data by `pnpm --filter @catalog/search run associations`
 * (services/search/scripts/mine-associations.ts), read once at start.
 */
export const ASSOCIATIONS_FILE = new URL("../../data/associations.json", import.meta.url);

export function loadAssociations(file: URL = ASSOCIATIONS_FILE): Associations {
  return new Associations(JSON.parse(readFileSync(file, "utf8")) as AssociationTable);
}

/** The table as the file holds it: one term a line, so a regeneration's diff reads term by term. */
export function serializeAssociations(table: AssociationTable): string {
  const terms = Object.entries(table.terms).map(
    ([term, list]) => `    ${JSON.stringify(term)}: ${JSON.stringify(list)}`,
  );
  return `{\n  "about": ${JSON.stringify(table.about)},\n  "pairs": ${table.pairs},\n  "terms": {\n${terms.join(",\n")}\n  }\n}\n`;
}
