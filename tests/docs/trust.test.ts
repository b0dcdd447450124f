import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TRUST_FLAG_DEFINITIONS } from "@catalog/trust";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const doc = readFileSync(path.join(root, "docs/trust.md"), "utf8");

describe("docs/trust.md", () => {
  it("documents every trust flag with the weight and meaning the code uses", () => {
    const table = doc.match(/<!-- trust:start -->\n([\s\S]*?)\n<!-- trust:end -->/)?.[1] ?? "";
    for (const d of TRUST_FLAG_DEFINITIONS) {
      const weight = d.weight < 0 ? `${d.weight}` : `+${d.weight}`;
      expect(table).toContain(`| \`${d.flag}\` | ${weight} | ${d.meaning} |`);
    }
    expect(table.split("\n")).toHaveLength(TRUST_FLAG_DEFINITIONS.length + 2);
  });
});
