import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { settingsTable } from "@catalog/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");

describe("README", () => {
  it("documents every setting with its default (regenerate with `node scripts/config-table.mjs --write`)", () => {
    const table = readme.match(/<!-- config:start -->\n([\s\S]*?)\n<!-- config:end -->/)?.[1] ?? "";
    for (const s of settingsTable()) {
      const fallback = s.fallback === "" ? "(unset)" : `\`${s.fallback}\``;
      expect(table).toContain(`| \`${s.name}\` | ${fallback} | ${s.services} | ${s.description} |`);
    }
    expect(table.split("\n").filter((l) => l.startsWith("| `")).length).toBe(settingsTable().length);
  });

  it("has a quick start of exactly npm start and npm test", () => {
    const quickStart = readme.match(/## Quick start\n([\s\S]*?)\n## /)?.[1] ?? "";
    const commands = [...quickStart.matchAll(/^\s*(npm \S+)\s*$/gm)].map((m) => m[1]);
    expect(commands).toEqual(["npm start", "npm test"]);
  });
});
