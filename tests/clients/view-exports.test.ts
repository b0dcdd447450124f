import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildConnection, placeholdersOf, type Connection } from "@catalog/client-configs";
import type { ConnectionTarget } from "@catalog/contracts";
import type { ServerJson } from "@catalog/registry";
import { latestServers } from "@catalog/testing";
import { VIEW_EXPORTS, type ViewFile } from "@catalog/views";
import { describeOutput, folder, run, sandbox, type Sandbox } from "./harness.js";
import { secretValues } from "./intent.js";

/**
 * A view's allow-list files enforced by the real clients: real servers of the snapshot, every
 * other one in the view, all of them configured with the catalog's configs, and the view's file
 * where the client reads its policy. The client must block every server outside the view and
 * admit every server of it that the file can express.
 *
 * Each client reads its file where a machine's policy lives, under /etc: Claude Code 2.1.330 reads
 * managed settings only from /etc/claude-code (its public build ignores
 * CLAUDE_CODE_MANAGED_SETTINGS_PATH), and Gemini CLI 0.61.0 skips a system settings file that
 * GEMINI_CLI_SYSTEM_SETTINGS_PATH puts under a folder others may write, such as /tmp.
 */
const CALL_MS = 120_000;
/** Servers configured in each client: half of them in the view. */
const SAMPLE = 160;

type Case = { server: ServerJson; connection: Connection; inView: boolean };

function cases(target: ConnectionTarget): Case[] {
  const seen = new Set<string>();
  const picked: Case[] = [];
  for (const server of latestServers()) {
    const outcome = buildConnection(server, target);
    if (!outcome.ok || outcome.connection.endpoint.kind === "bundle") continue;
    const { connection } = outcome;
    // One server per key: a client's config holds each name once.
    if (seen.has(connection.key.toLowerCase())) continue;
    seen.add(connection.key.toLowerCase());
    picked.push({ server, connection, inView: picked.length % 2 === 0 });
    if (picked.length === SAMPLE) break;
  }
  return picked;
}

function exported(client: "claude-code" | "gemini", all: readonly Case[]): ViewFile {
  const servers = all.filter((c) => c.inView).map((c) => ({ name: c.server.name, server: c.server }));
  return VIEW_EXPORTS[client]({ registryUrl: "https://catalog.example/views/test", servers });
}

const serversOf = (all: readonly Case[]) =>
  Object.assign({}, ...all.map((c) => (c.connection.config as { mcpServers: object }).mcpServers));
const secretsOf = (all: readonly Case[]) => Object.assign({}, ...all.map((c) => secretValues(c.connection)));

/** Each key's line of a `<key>: <what it runs> - <status>` listing, the longest key first. */
function listed(text: string, keys: readonly string[]): Map<string, string> {
  const longestFirst = [...keys].sort((a, b) => b.length - a.length);
  const lines = new Map<string, string>();
  for (const line of text.split("\n")) {
    const bare = line.replace(/^\S+ /, "");
    const key = longestFirst.find((k) => line.startsWith(`${k}: `) || bare.startsWith(`${k}: `));
    if (key && !lines.has(key)) lines.set(key, line);
  }
  return lines;
}

/**
 * Runs the client with `files` (paths under /etc) added to /etc by an overlay, in a mount
 * namespace of its own: the machine's /etc is never written.
 */
function underEtc(
  box: Sandbox,
  files: Record<string, object>,
  args: string[],
  cwd: string,
  env: Record<string, string>,
) {
  const layer = path.join(box.home, "etc-layer");
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(layer, file)), { recursive: true });
    writeFileSync(path.join(layer, file), JSON.stringify(content, null, 2));
  }
  const script = '/bin/mount -t overlay overlay -o "lowerdir=$0:/etc" /etc && exec "$@"';
  return run(
    box,
    "/usr/bin/unshare",
    ["--mount", "--propagation", "private", "/bin/sh", "-c", script, layer, box.client, ...args],
    { cwd, env, timeoutMs: CALL_MS },
  );
}

const CLAUDE_POLICY = "claude-code/managed-settings.json";

test("claude-code: Claude Code admits the view's servers and blocks every other one", async () => {
  const all = cases("mcpServers");
  const view = exported("claude-code", all);
  const box = sandbox("claude");
  try {
    const cwd = folder(box, "project");
    writeFileSync(path.join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: serversOf(all) }, null, 2));
    const list = await underEtc(box, { [CLAUDE_POLICY]: view.file }, ["mcp", "list"], cwd, secretsOf(all));
    if (list.code !== 0) throw new Error(`claude mcp list:\n${describeOutput(list)}`);
    const lines = listed(
      list.stdout,
      all.map((c) => c.connection.key),
    );
    const outside = all.filter((c) => !c.inView && lines.has(c.connection.key));
    // A view server the file expresses: a remote, or a launch without values the user supplies.
    const expressed = (c: Case) =>
      c.connection.endpoint.kind === "remote" ||
      (c.connection.endpoint.kind === "package" &&
        c.connection.endpoint.args.every((a) => placeholdersOf(a).length === 0));
    const missing = all.filter((c) => c.inView && expressed(c) && !lines.has(c.connection.key));
    expect({
      outside: outside.map((c) => c.server.name),
      missing: missing.map((c) => c.server.name),
    }).toEqual({
      outside: [],
      missing: [],
    });
    // Enough of each kind that the check means something.
    expect(lines.size).toBeGreaterThanOrEqual(40);
    expect(
      all.filter((c) => c.inView && c.connection.endpoint.kind === "package" && lines.has(c.connection.key))
        .length,
    ).toBeGreaterThan(5);

    const outsider = all.find((c) => !c.inView && c.connection.endpoint.kind === "remote")!;
    const url = (outsider.connection.endpoint as { url: readonly unknown[] }).url.join("");
    const add = await underEtc(
      box,
      { [CLAUDE_POLICY]: view.file },
      ["mcp", "add", "-s", "user", "--transport", "http", "x", url],
      cwd,
      {},
    );
    expect(`${add.stdout}${add.stderr}`).toMatch(/not allowed by enterprise policy/);
  } finally {
    box.dispose();
  }
}, 300_000);

test("gemini: Gemini CLI blocks every server outside the view and no server in it", async () => {
  const all = cases("gemini");
  const view = exported("gemini", all);
  const box = sandbox("gemini");
  try {
    mkdirSync(path.join(box.home, ".gemini"));
    writeFileSync(
      path.join(box.home, ".gemini", "settings.json"),
      JSON.stringify({ mcpServers: serversOf(all) }),
    );
    const list = await underEtc(
      box,
      { "gemini-cli/settings.json": view.file },
      ["mcp", "list"],
      folder(box, "project"),
      secretsOf(all),
    );
    const lines = listed(
      `${list.stdout}\n${list.stderr}`,
      all.map((c) => c.connection.key),
    );
    const wrong = all.filter((c) => {
      const line = lines.get(c.connection.key);
      return !line || line.endsWith(" - Blocked") === c.inView;
    });
    expect(
      wrong.map((c) => `${c.inView ? "in" : "out"} ${lines.get(c.connection.key) ?? c.connection.key}`),
    ).toEqual([]);
    expect(list.code).toBe(0);
  } finally {
    box.dispose();
  }
}, 300_000);
