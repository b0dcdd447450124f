// Prints the README's configuration table from packages/config (the one list of settings).
// `node scripts/config-table.mjs --write` rewrites it in README.md between its markers.
import { readFileSync, writeFileSync } from "node:fs";
import { SECRET_SETTINGS, settingsTable } from "@catalog/config";

export function configTable() {
  const rows = settingsTable().map(
    (s) =>
      `| \`${s.name}\` | ${s.fallback === "" ? "(unset)" : `\`${s.fallback}\``} | ${s.services} | ${s.description} |`,
  );
  const secrets = `Credentials, kept in a secret store (the Kubernetes Secret \`catalog-secrets\`): ${SECRET_SETTINGS.map((s) => `\`${s}\``).join(", ")}.`;
  return ["| variable | default | used by | meaning |", "|---|---|---|---|", ...rows, "", secrets].join("\n");
}

if (process.argv.includes("--write")) {
  const readme = readFileSync("README.md", "utf8");
  const next = readme.replace(
    /(<!-- config:start -->)[\s\S]*?(<!-- config:end -->)/,
    (_m, start, end) => `${start}\n${configTable()}\n${end}`,
  );
  writeFileSync("README.md", next);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(configTable());
}
