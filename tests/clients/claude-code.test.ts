import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { claudeCliName, type Endpoint } from "@catalog/client-configs";
import {
  ALL,
  checkTarget,
  inBatches,
  inLanes,
  shapeOf,
  treeShape,
  wordClass,
  type Accepted,
  type Checked,
} from "./catalog.js";
import { describeOutput, environment, folder, run, sandbox, type Sandbox } from "./harness.js";
import {
  braced,
  Differences,
  envSecrets,
  expandedIn,
  joined,
  marker,
  secretValues,
  type Form,
} from "./intent.js";

/**
 * Claude Code 2.1.330. claude-code-cli: the generated `claude mcp add` line runs in a shell that
 * has each variable the config reads set to `value-of-NAME`; Claude writes the server to its
 * .claude.json under the working folder, which must hold the intended command, arguments,
 * environment, URL and headers with the shell's values in. mcpServers: the block goes into a
 * project's .mcp.json, a batch at a time; `claude mcp list` shows every server without connecting
 * (unapproved project servers are never started), with its command or URL and the variables
 * Claude will expand, and `claude mcp get` shows one server's environment and headers.
 */
const CALL_MS = 120_000;
/** A `claude` call spends a third of its time waiting: two at a time keep two cores busy. */
const LANES = 2;
const BATCH = 400;

const cliText = (entry: Accepted) => entry.connection.config as string;

test(
  "claude-code-cli: `claude mcp add` stores the intended server",
  () =>
    checkTarget("claude-code-cli", {
      client: "claude mcp add",
      shape: (e) => cliShape(cliText(e)),
      verify: (entries) => inLanes(entries, LANES, addEach),
    }),
  ALL ? 3_600_000 : 900_000,
);

test(
  "mcpServers: Claude Code reads the intended servers from .mcp.json",
  () =>
    checkTarget("mcpServers", {
      client: "claude mcp list/get",
      shape: (e) => treeShape(mcpServersOf(e)[e.connection.key]),
      batched: true,
      verify: verifyMcpJson,
    }),
  ALL ? 3_600_000 : 900_000,
);

/** The command line's words as written, quotes kept: its shape is how the shell splits it. */
function rawWords(command: string): string[] {
  return command.match(/(?:'[^']*'|"(?:\\.|[^"\\])*"|[^\s'"]+)+/g) ?? [];
}

/** Options (and the transport's value) as they are, every other word by its class. */
function cliShape(command: string): string {
  const words = rawWords(command);
  const parts: string[] = [];
  let options = true;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === "--") options = false;
    if (!options || !word.startsWith("-")) parts.push(wordClass(word));
    else if (word === "--transport") parts.push(`${word} ${words[++i]}`);
    else parts.push(`${word} ${wordClass(words[++i] ?? "")}`);
  }
  return shapeOf(parts);
}

/** One `claude mcp add` per entry, each in a folder of its own, all read back at the end. */
async function addEach(entries: readonly Accepted[]): Promise<Checked[]> {
  const box = sandbox("claude");
  try {
    const runs = [];
    for (const [i, entry] of entries.entries()) {
      const cwd = folder(box, `project-${i}`);
      const env = secretValues(entry.connection);
      const output = await run(box, "/bin/sh", ["-c", cliText(entry)], { cwd, env, timeoutMs: CALL_MS });
      runs.push({ entry, cwd, output, forms: [expandedIn(environment(box, env)), braced, marker] });
    }
    const projects = claudeJson(box).projects ?? {};
    return runs.map(({ entry, cwd, output, forms }) => {
      const stored = projects[cwd]?.mcpServers?.[claudeCliName(entry.connection.key)];
      const problems = stored
        ? storedDifferences(stored, entry.connection.endpoint, forms)
        : [`claude stored no server "${claudeCliName(entry.connection.key)}"`];
      return { entry, problems, output: describeOutput(output) };
    });
  } finally {
    box.dispose();
  }
}

type Stored = Record<string, unknown>;

function claudeJson(box: Sandbox): { projects?: Record<string, { mcpServers?: Record<string, Stored> }> } {
  try {
    return JSON.parse(readFileSync(path.join(box.home, ".claude.json"), "utf8"));
  } catch {
    return {};
  }
}

/**
 * A server as Claude stores it (~/.claude.json, the same shape as .mcp.json) against the intent;
 * `argsJoined` when the arguments come as one line, as `claude mcp get` prints them.
 */
function storedDifferences(stored: Stored, endpoint: Endpoint, forms: readonly Form[], argsJoined = false) {
  const d = new Differences(forms);
  if (endpoint.kind === "remote") {
    d.equal("type", stored.type, endpoint.transport === "sse" ? "sse" : "http");
    d.value("url", stored.url, endpoint.url);
    d.named("headers", stored.headers, endpoint.headers);
  } else if (endpoint.kind === "package") {
    d.equal("type", stored.type, "stdio");
    d.equal("command", stored.command, endpoint.command);
    if (argsJoined) d.value("args", stored.args ?? "", joined(endpoint.args));
    else d.list("args", stored.args, endpoint.args);
    d.named("env", stored.env, endpoint.env);
  } else d.add("an MCPB bundle is no server entry");
  return d.problems;
}

async function verifyMcpJson(entries: Accepted[], detailed: (e: Accepted) => boolean): Promise<Checked[]> {
  // A bundle's answer names files to open in Claude Desktop: no .mcp.json entry to read back.
  const bundles = entries.filter((e) => e.connection.endpoint.kind === "bundle").map(checkBundle);
  const servers = entries.filter((e) => e.connection.endpoint.kind !== "bundle");
  const listed = await inBatches(servers, BATCH, listBatch);
  const shown = new Map(
    (await inLanes(servers.filter(detailed), LANES, getEach)).map((c) => [c.entry, c] as const),
  );
  const merged = listed.map((c) => {
    const more = shown.get(c.entry);
    return more
      ? { ...c, problems: [...c.problems, ...more.problems], output: `${c.output}\n${more.output}` }
      : c;
  });
  return [...bundles, ...merged];
}

function checkBundle(entry: Accepted): Checked {
  const { endpoint, config } = entry.connection;
  const text = JSON.stringify(config);
  const files = endpoint.kind === "bundle" ? endpoint.files : [];
  const problems = files
    .filter((f) => !text.includes(JSON.stringify(f.url)))
    .map((f) => `${f.url} is missing`);
  return { entry, problems, output: "(no client: an MCPB bundle opens in Claude Desktop)" };
}

const PENDING = / - ⏸ Pending approval \(run `claude` to approve\)$/;

/** A project whose .mcp.json holds the entries' servers. */
function mcpJsonProject(box: Sandbox, name: string, entries: readonly Accepted[]): string {
  const cwd = folder(box, name);
  const servers = Object.assign({}, ...entries.map(mcpServersOf));
  writeFileSync(path.join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: servers }, null, 2));
  return cwd;
}

/**
 * `claude mcp list` over one .mcp.json with the batch's servers. No variable is set, so that
 * Claude's diagnostics name every variable it would expand: they must be the ones the config
 * tells the user to set.
 */
async function listBatch(batch: Accepted[]): Promise<Checked[] | string> {
  const box = sandbox("claude");
  try {
    const cwd = mcpJsonProject(box, "project", batch);
    const list = await run(box, box.client, ["mcp", "list"], { cwd, timeoutMs: CALL_MS });
    const text = `${list.stdout}\n${list.stderr}`;
    const diagnostics = diagnosticsByServer(text);
    if (list.code !== 0 || diagnostics.unattributed.length > 0) {
      return `claude mcp list:\n${describeOutput(list)}`;
    }
    const lines = text.split("\n");
    return batch.map((entry) => {
      const { key } = entry.connection;
      const line = lines.find((l) => l.startsWith(`${key}: `));
      const found = diagnostics.byServer.get(key) ?? [];
      const output = [line ?? "(not listed)", ...found].join("\n");
      return { entry, problems: listedDifferences(entry, line, found), output };
    });
  } finally {
    box.dispose();
  }
}

/** `claude mcp get` of each entry, alone in a project (Claude reads a large .mcp.json slowly). */
async function getEach(entries: readonly Accepted[]): Promise<Checked[]> {
  const box = sandbox("claude");
  try {
    const checked: Checked[] = [];
    for (const [i, entry] of entries.entries()) {
      const cwd = mcpJsonProject(box, `project-${i}`, [entry]);
      const { key } = entry.connection;
      const get = await run(box, box.client, ["mcp", "get", key], { cwd, timeoutMs: CALL_MS });
      const problems = shownDifferences(entry, get.code === 0 ? get.stdout : "");
      checked.push({ entry, problems, output: `claude mcp get ${key}:\n${describeOutput(get)}` });
    }
    return checked;
  } finally {
    box.dispose();
  }
}

const mcpServersOf = (entry: Accepted) =>
  (entry.connection.config as { mcpServers?: Record<string, unknown> }).mcpServers ?? {};

/** `[Warning] [key] message` lines of `claude mcp list`, by server; others are about the file. */
function diagnosticsByServer(text: string) {
  const byServer = new Map<string, string[]>();
  const unattributed: string[] = [];
  for (const line of text.split("\n")) {
    const diagnostic = /\[(Warning|Error)\] (?:\[([^\]]+)\] )?(.*)$/.exec(line);
    if (!diagnostic) continue;
    const [, level, server, message] = diagnostic;
    if (server) byServer.set(server, [...(byServer.get(server) ?? []), `${level}: ${message}`]);
    else unattributed.push(line);
  }
  return { byServer, unattributed };
}

/** The list line (`key: command args` or `key: url (HTTP)`) and the variables Claude found. */
function listedDifferences(entry: Accepted, line: string | undefined, diagnostics: string[]): string[] {
  const { endpoint, key } = entry.connection;
  const d = new Differences([braced, marker]);
  if (!line) return [`claude mcp list does not show "${key}"`];
  if (!PENDING.test(line)) d.add(`listed as "${line}", not as a server pending approval`);
  const shown = line.slice(key.length + 2).replace(PENDING, "");
  if (endpoint.kind === "remote") {
    d.value("listed URL", shown, [...endpoint.url, endpoint.transport === "sse" ? " (SSE)" : " (HTTP)"]);
  } else if (endpoint.kind === "package") {
    d.value("listed command", shown.trimEnd(), joined([[endpoint.command], ...endpoint.args]));
  }
  const variables = envSecrets(entry.connection).sort().join(", ");
  const expected = variables
    ? [`Warning: mcpServers.${key}: Missing environment variables: ${variables}`]
    : [];
  const found = diagnostics.map((m) =>
    m.replace(/(Missing environment variables: )(.*)$/, (_, label, names: string) =>
      label.concat(names.split(", ").sort().join(", ")),
    ),
  );
  d.equal("diagnostics", found, expected);
  return d.problems;
}

/** `claude mcp get` output: `  Field: value` lines, Environment and Headers items below them. */
function parseGet(text: string): { fields: Map<string, string>; env: Stored; headers: Stored } {
  const fields = new Map<string, string>();
  const items: Record<string, Stored> = { Environment: {}, Headers: {} };
  let section: string | undefined;
  for (const line of text.split("\n")) {
    const field = /^ {2}(\w[\w ]*):(?: (.*))?$/.exec(line);
    const item = /^ {4}(.*)$/.exec(line);
    if (field) {
      fields.set(field[1]!, field[2] ?? "");
      section = field[1];
    } else if (item && section && items[section]) {
      const [name, value] = section === "Headers" ? splitOnce(item[1]!, ": ") : splitOnce(item[1]!, "=");
      items[section]![name] = value;
    }
  }
  return { fields, env: items.Environment!, headers: items.Headers! };
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + separator.length)];
}

function shownDifferences(entry: Accepted, text: string): string[] {
  const { endpoint } = entry.connection;
  const { fields, env, headers } = parseGet(text);
  if (fields.size === 0) return [`claude mcp get shows nothing for "${entry.connection.key}"`];
  const shown: Stored =
    endpoint.kind === "remote"
      ? { type: fields.get("Type"), url: fields.get("URL"), headers }
      : { type: fields.get("Type"), command: fields.get("Command"), args: fields.get("Args"), env };
  return storedDifferences(shown, endpoint, [braced, marker], true).map((p) => `shown ${p}`);
}
