import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Connection, RemoteEndpoint, Value } from "@catalog/client-configs";
import { parse } from "smol-toml";
import { ALL, checkTarget, inBatches, treeShape, type Accepted, type Checked } from "./catalog.js";
import { describeOutput, folder, run, sandbox } from "./harness.js";
import { Differences, envSecrets, marker } from "./intent.js";

/**
 * Codex CLI 0.169.0 reads a batch of generated `[mcp_servers.<key>]` tables from one
 * config.toml; `codex mcp list --json` prints each server's transport as Codex parsed it.
 * Codex expands no variables: placeholders stay `<NAME>` markers, or come from the environment
 * by name (env_vars, env_http_headers, bearer_token_env_var), which must be variables the config
 * tells the user to set. A config.toml Codex cannot load fails as a whole, naming the table.
 */
const CALL_MS = 120_000;
const BATCH = 500;

type Listed = { name: string; disabled_reason: string | null; transport: Record<string, unknown> };

test(
  "codex-toml: Codex loads the intended servers from config.toml",
  () =>
    checkTarget("codex-toml", {
      client: "codex mcp list",
      shape: (e) => treeShape(tableOf(e.connection)),
      batched: true,
      verify: (entries) => inBatches(entries, BATCH, listBatch),
    }),
  ALL ? 3_600_000 : 900_000,
);

function tableOf(connection: Connection): unknown {
  const toml = parse(connection.config as string) as { mcp_servers?: Record<string, unknown> };
  return toml.mcp_servers?.[connection.key];
}

async function listBatch(batch: Accepted[]): Promise<Checked[] | string> {
  const box = sandbox("codex");
  try {
    mkdirSync(path.join(box.home, ".codex"));
    const toml = batch.map((e) => e.connection.config as string).join("\n");
    writeFileSync(path.join(box.home, ".codex", "config.toml"), toml);
    const list = await run(box, box.client, ["mcp", "list", "--json"], {
      cwd: folder(box, "project"),
      timeoutMs: CALL_MS,
    });
    let listed: Listed[];
    try {
      listed = JSON.parse(list.stdout) as Listed[];
    } catch {
      return `codex mcp list --json:\n${describeOutput(list)}`;
    }
    const byName = new Map(listed.map((s) => [s.name, s]));
    return batch.map((entry) => {
      const server = byName.get(entry.connection.key);
      const problems = server ? serverDifferences(entry.connection, server) : ["codex does not list it"];
      return { entry, problems, output: JSON.stringify(server ?? null, null, 2) };
    });
  } finally {
    box.dispose();
  }
}

function serverDifferences(connection: Connection, server: Listed): string[] {
  const { endpoint } = connection;
  const t = server.transport;
  const d = new Differences([marker]);
  d.equal("disabled_reason", server.disabled_reason, null);
  if (endpoint.kind === "remote") {
    d.equal("transport.type", t.type, "streamable_http");
    d.value("url", t.url, endpoint.url);
    headerDifferences(d, endpoint, t, envSecrets(connection));
  } else if (endpoint.kind === "package") {
    d.equal("transport.type", t.type, "stdio");
    d.equal("command", t.command, endpoint.command);
    d.list("args", t.args, endpoint.args);
    const forwarded = ((t.env_vars as (string | { name: string })[] | null) ?? []).map((v) =>
      typeof v === "string" ? v : v.name,
    );
    d.namedOrFromEnvironment("env", (t.env as Record<string, string>) ?? {}, endpoint.env, (name) =>
      forwarded.includes(name) ? name : undefined,
    );
    for (const name of forwarded) {
      if (!envSecrets(connection).includes(name)) d.add(`env_vars forwards ${name}, which no step asks for`);
    }
  } else d.add("an MCPB bundle is no Codex server");
  return d.problems;
}

/** `Bearer ` and one user-supplied token: what bearer_token_env_var sends. */
const isBearerToken = (value: Value) =>
  value.length === 2 && value[0] === "Bearer " && typeof value[1] !== "string";

/**
 * Each header fixed in http_headers, or read from a variable (env_http_headers, or
 * bearer_token_env_var for `Authorization: Bearer <token>`) the user is told to set.
 */
function headerDifferences(
  d: Differences,
  endpoint: RemoteEndpoint,
  t: Record<string, unknown>,
  secrets: readonly string[],
): void {
  const fromEnv = { ...((t.env_http_headers as Record<string, string>) ?? {}) };
  const bearer = t.bearer_token_env_var as string | null;
  if (bearer) {
    const authorization = endpoint.headers.find((h) => h.name.toLowerCase() === "authorization");
    if (!authorization || !isBearerToken(authorization.value)) {
      d.add(
        `bearer_token_env_var ${bearer} sends "Authorization: Bearer <${bearer}>", which is not the intended header`,
      );
    } else fromEnv[authorization.name] = bearer;
  }
  d.namedOrFromEnvironment(
    "headers",
    (t.http_headers as Record<string, string>) ?? {},
    endpoint.headers,
    (name) => fromEnv[name],
  );
  for (const variable of Object.values(fromEnv)) {
    if (!secrets.includes(variable)) d.add(`a header is read from ${variable}, which no step asks for`);
  }
}
