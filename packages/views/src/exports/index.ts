import type { ViewExportClient } from "@catalog/contracts";
import { claudeCode } from "./claude-code.js";
import { copilot } from "./copilot.js";
import type { ViewExporter } from "./export.js";
import { gemini } from "./gemini.js";
import { vscode } from "./vscode.js";

export type { ExcludedServer, ExportInput, ViewFile, ViewServer } from "./export.js";
export type { ManagedEntry } from "./managed-lists.js";

/** A view as each client's allow-list file. */
export const VIEW_EXPORTS: Record<ViewExportClient, ViewExporter> = {
  "claude-code": claudeCode,
  copilot,
  gemini,
  vscode,
};
