import { serverKey } from "@catalog/registry";
import type { ExportInput, ViewFile } from "./export.js";

/**
 * Gemini CLI's system settings: `mcp.allowed`, the names of the `mcpServers` entries Gemini may
 * start; it lists every other as blocked. Gemini intersects the lists of every settings scope,
 * so users can narrow the system's list, never widen it. Names are the keys this catalog's
 * configs write (one per server); Gemini compares them without regard to case.
 */
export function gemini({ servers }: ExportInput): ViewFile {
  const names = [...new Set(servers.map((s) => serverKey(s.name)))].sort();
  return {
    paths: {
      linux: "/etc/gemini-cli/settings.json",
      macos: "/Library/Application Support/GeminiCli/settings.json",
      windows: "C:\\ProgramData\\gemini-cli\\settings.json",
    },
    file: { mcp: { allowed: names } },
    omitted: [],
    notes: [
      "Merge `mcp.allowed` into the system settings file (GEMINI_CLI_SYSTEM_SETTINGS_PATH moves it).",
      "Gemini matches the name an entry has in mcpServers, not what it runs: servers added under another name than this catalog's configs give are blocked, and a user who names another server after an allowed one passes.",
    ],
  };
}
