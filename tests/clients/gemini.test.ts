import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Connection } from "@catalog/client-configs";
import { ALL, checkTarget, inBatches, treeShape, type Accepted, type Checked } from "./catalog.js";
import { describeOutput, environment, folder, run, sandbox } from "./harness.js";
import { Differences, expandedIn, joined, marker, secretValues, type Form } from "./intent.js";

/**
 * Gemini CLI 0.61.0 reads a batch of generated servers from ~/.gemini/settings.json. It checks
 * the file against its settings schema ("Invalid configuration in ...", "Error in:
 * mcpServers.<key>..."), expands `$NAME` and `${NAME}` in every string of it, and
 * `gemini mcp list` prints each server as `<key>: <command> <args> (stdio)` or
 * `<key>: <url> (http|sse)`; in an untrusted folder it connects to none. It prints no
 * environment and no headers: those are checked by the schema only.
 */
const CALL_MS = 180_000;
const BATCH = 500;

/** What Gemini prints about an untrusted folder, and the list's heading. */
const EXPECTED_LINES = [
  "Warning: MCP servers are configured but disabled because this folder is untrusted.",
  "User-level servers are also suppressed in untrusted folders to prevent accidental side-effects.",
  "Configured MCP servers:",
];

test(
  "gemini: Gemini CLI loads the intended servers from settings.json",
  () =>
    checkTarget("gemini", {
      client: "gemini mcp list",
      shape: (e) => treeShape(serversOf(e.connection)[e.connection.key]),
      batched: true,
      verify: (entries) => inBatches(entries, BATCH, listBatch),
    }),
  ALL ? 3_600_000 : 900_000,
);

const serversOf = (connection: Connection) =>
  (connection.config as { mcpServers: Record<string, unknown> }).mcpServers;

async function listBatch(batch: Accepted[]): Promise<Checked[] | string> {
  const box = sandbox("gemini");
  try {
    mkdirSync(path.join(box.home, ".gemini"));
    const mcpServers = Object.assign({}, ...batch.map((e) => serversOf(e.connection)));
    writeFileSync(path.join(box.home, ".gemini", "settings.json"), JSON.stringify({ mcpServers }, null, 2));
    const env = Object.assign({}, ...batch.map((e) => secretValues(e.connection)));
    const list = await run(box, box.client, ["mcp", "list"], {
      cwd: folder(box, "project"),
      env,
      timeoutMs: CALL_MS,
    });
    const { listed, errors, other } = parseList(`${list.stdout}\n${list.stderr}`, batch);
    if (list.code !== 0 || other.length > 0) {
      return `gemini mcp list:\n${other.join("\n")}\n${describeOutput(list)}`;
    }
    // On a loaded machine the list of a large batch was once cut short (servers missing, no
    // error): a batch that leaves servers out is halved, and a server alone still missing fails.
    const missing = batch.filter((e) => !listed.has(e.connection.key) && !errors.has(e.connection.key));
    if (batch.length > 1 && missing.length > 0)
      return `gemini mcp list left out ${missing.length} of ${batch.length} servers`;
    const forms = [expandedIn(environment(box, env)), marker];
    return batch.map((entry) => {
      const { key } = entry.connection;
      const found = errors.get(key) ?? [];
      const problems = [...found, ...listedDifferences(entry.connection, listed.get(key), forms)];
      return { entry, problems, output: [listed.get(key) ?? "(not listed)", ...found].join("\n") };
    });
  } finally {
    box.dispose();
  }
}

/**
 * Splits the output into each server's line, each server's schema errors (an `Error in: <path>`
 * line and the lines up to the next blank one) and anything else. The path names the server
 * (`mcpServers.<key>.env.X`); keys may hold dots, so the longest key that prefixes it wins.
 * Gemini shows five errors at most ("...and 2 more errors."): that line, like anything else
 * unexpected, makes the batch fail as a whole, and halving it brings every error to light.
 */
function parseList(text: string, batch: readonly Accepted[]) {
  const keys = batch.map((e) => e.connection.key).sort((a, b) => b.length - a.length);
  const listed = new Map<string, string>();
  const errors = new Map<string, string[][]>();
  const other: string[] = [];
  let error: string[] | undefined;
  for (const line of text.split("\n")) {
    const server = /^○ (.*) - Disabled$/.exec(line)?.[1];
    const listedKey = server && keys.find((k) => server.startsWith(`${k}: `));
    if (line.startsWith("Error in: ")) {
      const at = line.slice("Error in: ".length);
      const key = keys.find((k) => at === `mcpServers.${k}` || at.startsWith(`mcpServers.${k}.`));
      error = [line];
      if (key) errors.set(key, [...(errors.get(key) ?? []), error]);
      else other.push(line);
    } else if (server && listedKey) listed.set(listedKey, server.slice(listedKey.length + 2));
    else if (!line.trim()) error = undefined;
    else if (error) error.push(line.trim());
    else if (!EXPECTED_LINES.includes(line) && !isSchemaNotice(line)) other.push(line);
  }
  const joinedErrors = new Map([...errors].map(([key, list]) => [key, list.map((e) => e.join(" "))]));
  return { listed, errors: joinedErrors, other };
}

/** The heading and footer around schema errors, which are reported by server. */
function isSchemaNotice(line: string): boolean {
  return /^(Invalid configuration in |Please fix the configuration\.|See: https:\/\/geminicli\.com\/)/.test(
    line,
  );
}

/** Gemini prints `${command} ${args.join(" ")} (stdio)` or `${url} (${type})`. */
function listedDifferences(connection: Connection, shown: string | undefined, forms: Form[]): string[] {
  const { endpoint } = connection;
  const d = new Differences(forms);
  if (shown === undefined) d.add("gemini mcp list does not show it");
  else if (endpoint.kind === "remote") {
    d.value("listed URL", shown, [...endpoint.url, endpoint.transport === "sse" ? " (sse)" : " (http)"]);
  } else if (endpoint.kind === "package") {
    d.value("listed command", shown, [endpoint.command, " ", ...joined(endpoint.args), " (stdio)"]);
  } else d.add("an MCPB bundle is no Gemini server");
  return d.problems;
}
