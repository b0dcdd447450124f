import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Runs the real MCP clients (installed by scripts/clients.sh) offline and in a throwaway HOME:
 * PATH holds only the client and node, so no launcher (npx, uvx, docker, dnx) can ever start,
 * and every HTTP request goes to a proxy address nothing listens on, so no remote is dialled.
 */
type ClientName = "claude" | "codex" | "gemini";

export type Sandbox = {
  home: string;
  client: string;
  env: Readonly<Record<string, string>>;
  dispose: () => void;
};

type Output = { code: number | null; stdout: string; stderr: string; error?: string };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CLIENT_BIN = path.join(ROOT, ".tools/clients/node_modules/.bin");

/** Port 9 on the loopback: connections are refused at once. */
const DEAD_PROXY = "http://127.0.0.1:9";

const OFFLINE = {
  HTTP_PROXY: DEAD_PROXY,
  HTTPS_PROXY: DEAD_PROXY,
  ALL_PROXY: DEAD_PROXY,
  http_proxy: DEAD_PROXY,
  https_proxy: DEAD_PROXY,
  all_proxy: DEAD_PROXY,
  NO_PROXY: "",
  no_proxy: "",
  // Claude Code looks up api.anthropic.com at start unless told to stay quiet.
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  DISABLE_AUTOUPDATER: "1",
  DISABLE_TELEMETRY: "1",
  RUST_BACKTRACE: "0",
  NO_COLOR: "1",
  LANG: "C.UTF-8",
};

/**
 * Where each client keeps its config. Claude Code gets CLAUDE_CONFIG_DIR and no HOME at all, so
 * that its diagnostics name a `${HOME}` in a config as one more variable it would expand.
 */
const CONFIG_HOME: Record<ClientName, (home: string) => Record<string, string>> = {
  claude: (home) => ({ CLAUDE_CONFIG_DIR: home }),
  codex: (home) => ({ HOME: home, CODEX_HOME: path.join(home, ".codex") }),
  gemini: (home) => ({ HOME: home }),
};

/** A fresh HOME under the system's temp folder with `bin/` holding the client and node only. */
export function sandbox(client: ClientName): Sandbox {
  const installed = path.join(CLIENT_BIN, client);
  if (!existsSync(installed)) {
    throw new Error(`${installed} is missing: run \`sh scripts/clients.sh\` to install the MCP clients`);
  }
  const home = realpathSync(mkdtempSync(path.join(tmpdir(), `clients-${client}-`)));
  const bin = path.join(home, "bin");
  mkdirSync(bin);
  symlinkSync(realpathSync(installed), path.join(bin, client));
  symlinkSync(process.execPath, path.join(bin, "node"));
  return {
    home,
    client: path.join(bin, client),
    env: { ...OFFLINE, ...CONFIG_HOME[client](home), PATH: bin },
    dispose: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** What a command in the sandbox sees: `extra` (the config's variables), never over the sandbox's own. */
export function environment(box: Sandbox, extra: Record<string, string> = {}): Record<string, string> {
  return { ...extra, ...box.env };
}

/** A folder of its own in the sandbox, for a client that keys its config by the working folder. */
export function folder(box: Sandbox, name: string): string {
  const dir = path.join(box.home, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Runs `file` in the sandbox with only the sandbox's environment and `env`. Never rejects: a
 * failure to start or a timeout is reported in `error`, for the test to show with the config.
 */
export function run(
  box: Sandbox,
  file: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs: number },
): Promise<Output> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        cwd: options.cwd,
        env: environment(box, options.env),
        timeout: options.timeoutMs,
        killSignal: "SIGKILL",
        maxBuffer: 256 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        const failure =
          error && code === null
            ? error.killed
              ? `timed out after ${options.timeoutMs / 1000} s`
              : error.message
            : undefined;
        resolve({ code, stdout, stderr, ...(failure ? { error: failure } : {}) });
      },
    );
  });
}

/** The output as the failure report shows it. */
export function describeOutput(output: Output): string {
  const parts = [
    `exit ${output.code ?? "none"}${output.error ? ` (${output.error})` : ""}`,
    output.stdout.trim() && `stdout:\n${output.stdout.trim()}`,
    output.stderr.trim() && `stderr:\n${output.stderr.trim()}`,
  ];
  return parts.filter(Boolean).join("\n");
}
