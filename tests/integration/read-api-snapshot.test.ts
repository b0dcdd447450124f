import { execFileSync } from "node:child_process";
import {
  ConnectionBodySchema,
  CONNECTION_TARGETS,
  NoConnectionBodySchema,
  ServerDescriptorSchema,
  type ConnectionBody,
} from "@catalog/contracts";
import type { Harness } from "@catalog/testing";
import { load as loadYaml } from "js-yaml";
import { parse as parseToml } from "smol-toml";
import { snapshotHarness } from "../support/catalog.js";
import { startGateway, type Gateway } from "../support/read-api.js";

type Server = { name: string; remotes: string[] };

let h: Harness;
let api: Gateway;
let servers: Server[];

beforeAll(async () => {
  h = await snapshotHarness();
  const { rows } = await h.db.pool.query<Server>(`
    SELECT s.name, coalesce(array_agg(r->>'type') FILTER (WHERE r IS NOT NULL), '{}') AS remotes
    FROM servers s JOIN server_versions v ON v.server_name = s.name AND v.is_latest
    LEFT JOIN LATERAL json_array_elements(coalesce(v.server_json->'remotes', '[]'::json)) r ON true
    GROUP BY s.name ORDER BY s.name`);
  servers = rows;
  api = await startGateway(h);
}, 600_000);

afterAll(async () => {
  await api?.close();
  await h?.close();
}, 300_000); // the first run builds the snapshot template (a full mirror)

/** Runs `fn` over `items` with a few requests in flight. */
async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

/** Every secret the answer lists is referred to by the config text, in the form its `where` says. */
function referenced(body: ConnectionBody): boolean {
  const text = typeof body.connection === "string" ? body.connection : JSON.stringify(body.connection);
  return body.secrets.every((s) =>
    s.where === "config"
      ? text.includes(`<${s.name}>`)
      : s.where === "prompt"
        ? text.includes(`\${input:${s.name.toLowerCase().replace(/_/g, "-")}}`)
        : text.includes(s.name),
  );
}

/** The server entry a target's config holds, parsed the way the client reads the file. */
function entryOf(body: ConnectionBody): Record<string, unknown> | undefined {
  const config = body.connection;
  switch (body.target) {
    case "codex-toml":
      return (parseToml(config as string) as { mcp_servers: Record<string, Record<string, unknown>> })
        .mcp_servers[body.key];
    case "goose":
      return (loadYaml(config as string) as { extensions: Record<string, Record<string, unknown>> })
        .extensions[body.key];
    case "vscode":
      return (config as { servers: Record<string, Record<string, unknown>> }).servers[body.key];
    case "claude-code-cli":
      return undefined;
    default: {
      const block = (config as { mcpServers: Record<string, Record<string, unknown>> }).mcpServers;
      return block?.[body.key] ?? (config as { bundle?: Record<string, unknown> }).bundle;
    }
  }
}

describe("the read API over the real 2025-12-18 snapshot", () => {
  it("describes every server in the contract's shape", async () => {
    const failures: string[] = [];
    await pool(servers, 8, async ({ name }) => {
      const res = await api.get(`/v1/servers/${encodeURIComponent(name)}`);
      const parsed = ServerDescriptorSchema.safeParse(res.body);
      if (res.status !== 200 || !parsed.success)
        failures.push(`${name}: ${res.status} ${parsed.error?.message ?? ""}`);
      else if (
        parsed.data.connection.targets.length > 0 &&
        parsed.data.next_actions[0]?.action !== "get_connection"
      )
        failures.push(`${name}: no connection suggested`);
    });
    expect(failures).toEqual([]);
  }, 300_000);

  it("gives every server a config for every target, or a clear refusal", async () => {
    expect(servers).toHaveLength(1108);
    const outcomes = new Map<string, { ok: number; refused: number }>(
      CONNECTION_TARGETS.map((t) => [t, { ok: 0, refused: 0 }]),
    );
    const problems: string[] = [];
    const tomls: string[] = [];
    const commands: string[] = [];
    const jobs = servers.flatMap((server) => CONNECTION_TARGETS.map((target) => ({ server, target })));
    await pool(jobs, 8, async ({ server, target }) => {
      const res = await api.get(`/v1/servers/${server.name}/connection?target=${target}`);
      const tally = outcomes.get(target)!;
      if (res.status === 409) {
        const refusal = NoConnectionBodySchema.parse(res.body);
        if (refusal.reason.length < 20 || !refusal.next_actions.some((a) => a.action === "search"))
          problems.push(`${server.name} ${target}: unclear refusal ${refusal.reason}`);
        // A remote every listed client speaks is never refused.
        if (
          server.remotes.includes("streamable-http") ||
          (server.remotes.length > 0 && !/codex|goose/.test(target))
        )
          problems.push(`${server.name} ${target}: refused though it has a remote: ${refusal.reason}`);
        tally.refused++;
        return;
      }
      if (res.status !== 200) {
        problems.push(`${server.name} ${target}: status ${res.status}`);
        return;
      }
      tally.ok++;
      const body = ConnectionBodySchema.parse(res.body);
      expect(JSON.parse(res.text)).toEqual(body);
      if (!referenced(body)) problems.push(`${server.name} ${target}: a secret is not in the config`);
      if (body.target === "codex-toml") tomls.push(body.connection as string);
      if (body.target === "claude-code-cli") commands.push(body.connection as string);
      const entry = entryOf(body);
      if (body.target !== "claude-code-cli" && !entry)
        problems.push(`${server.name} ${target}: no entry for ${body.key}`);
      if (body.target === "cursor") {
        const config = new URL(body.deeplink ?? "").searchParams.get("config") ?? "";
        expect(JSON.parse(Buffer.from(config, "base64").toString("utf8"))).toEqual(entry);
      }
    });
    expect(problems).toEqual([]);

    // Python's tomllib (a strict TOML 1.0 parser) reads every Codex config too.
    const parsed = execFileSync(
      "python3",
      ["-c", "import json, sys, tomllib; print(sum(1 for d in json.load(sys.stdin) if tomllib.loads(d)))"],
      { input: JSON.stringify(tomls), encoding: "utf8" },
    );
    expect(Number(parsed)).toBe(tomls.length);
    // A POSIX shell parses every Claude Code command into `claude mcp add ...` arguments.
    const script = `claude() { [ "$1 $2" = "mcp add" ] && echo ok; }\n${commands.join("\n")}\n`;
    const shell = execFileSync("sh", ["-s"], {
      input: script,
      encoding: "utf8",
      env: { PATH: process.env.PATH },
    });
    expect(shell.trim().split("\n")).toHaveLength(commands.length);

    for (const [target, tally] of outcomes)
      expect([target, tally.ok + tally.refused]).toEqual([target, servers.length]);
    process.stderr.write(`connections over the snapshot: ${JSON.stringify(Object.fromEntries(outcomes))}\n`);
  }, 600_000);
});
