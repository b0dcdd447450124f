import type { ConnectionTarget } from "@catalog/contracts";
import { antigravity } from "./antigravity.js";
import { claudeCodeCli } from "./claude-code-cli.js";
import { codexToml } from "./codex-toml.js";
import { cursor } from "./cursor.js";
import { gemini } from "./gemini.js";
import { goose } from "./goose.js";
import { mcpServers } from "./mcp-servers.js";
import type { Target } from "./target.js";
import { vscode } from "./vscode.js";

export type { Rendered, Secret, SecretWhere, Target } from "./target.js";
export { cursorDeeplink } from "./cursor.js";
export { cliName as claudeCliName } from "./claude-code-cli.js";

export const TARGETS: Readonly<Record<ConnectionTarget, Target>> = {
  mcpServers,
  vscode,
  cursor,
  "claude-code-cli": claudeCodeCli,
  "codex-toml": codexToml,
  gemini,
  goose,
  antigravity,
};
