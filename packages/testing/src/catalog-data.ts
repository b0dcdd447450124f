import { readFileSync } from "node:fs";
import {
  entryHash,
  OFFICIAL_META_KEY,
  parseRegistryDocument,
  type RegistryEntry,
  type ServerJson,
} from "@catalog/registry";
import { sharedData, SNAPSHOT_2025_12_18 } from "./shared-data.js";

/**
 * Derives import files from the real data in shared/data, without copying any of it: a
 * registry file of servers that have no registry entry of their own, and a tools file
 * `{"<server name>": [{name, description, inputSchema?}]}` in the format of the operator import.
 *
 * - toolsdk-packages-with-tools.json gives tools to registry servers whose npm/PyPI identifier
 *   or repository URL it shares (163 of the 1,108 latest servers of the 2025-12-18 snapshot).
 * - livemcpbench-tools.json and docker-mcp-registry-catalog.json stand on their own: each of
 *   their servers with tools becomes a registry entry (source "import") under a namespace naming
 *   its origin, `org.livemcpbench/<slug>` and `com.docker.mcp/<id>`.
 */
export type ImportTool = { name: string; description: string; inputSchema?: Record<string, unknown> };
export type ToolsFile = Record<string, ImportTool[]>;
export type ImportData = { registry: RegistryEntry[]; tools: ToolsFile };

type ToolsdkPackage = {
  key: string;
  package: { name?: string; packageName?: string; description?: string; url?: string };
  tools?: { name: string; description?: string }[];
};
type LiveMcpServer = {
  name: string;
  description?: string;
  web?: string;
  tools: Record<
    string,
    { tools: { name: string; description?: string; inputSchema?: Record<string, unknown> }[] }
  >;
};
type DockerServer = {
  id: string;
  server: { about?: { title?: string; description?: string }; source?: { project?: string } };
  tools?: {
    name: string;
    description?: string;
    inputSchema?: Record<string, unknown>;
    arguments?: { name: string; type?: string; desc?: string }[];
  }[];
};

type ToolhiveServer = { description?: string; tools?: string[] };

const readJson = <T>(file: string): T => JSON.parse(readFileSync(sharedData(file), "utf8")) as T;

/** Repository URLs compared without scheme, `www.`, `.git` or trailing slash, case-insensitively. */
export function normalizeRepositoryUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const u = url
    .trim()
    .toLowerCase()
    .replace(/^git\+/, "")
    .replace(/\.git$/, "")
    .replace(/\/+$/, "")
    .replace(/^https?:\/\/(www\.)?/, "");
  return u === "" ? undefined : u;
}

/** The latest version of each server in a registry snapshot. */
export function latestServers(snapshot = SNAPSHOT_2025_12_18): ServerJson[] {
  const { entries } = parseRegistryDocument(readFileSync(sharedData(snapshot), "utf8"));
  return entries.filter((e) => e._meta[OFFICIAL_META_KEY].isLatest).map((e) => e.server);
}

/**
 * Tools for registry servers from toolsdk: matched by npm/PyPI identifier first, else by
 * repository URL; when several packages match one server, the one with most tools wins.
 */
export function toolsdkToolsFor(servers: readonly ServerJson[]): ToolsFile {
  const packages = readJson<{ packages: ToolsdkPackage[] }>(
    "toolsdk-packages-with-tools.json",
  ).packages.filter((p) => (p.tools?.length ?? 0) > 0);
  const byIdentifier = new Map<string, ToolsdkPackage[]>();
  const byRepository = new Map<string, ToolsdkPackage[]>();
  const add = (map: Map<string, ToolsdkPackage[]>, key: string | undefined, p: ToolsdkPackage) => {
    if (key) map.set(key, [...(map.get(key) ?? []), p]);
  };
  for (const p of packages) {
    add(byIdentifier, p.package.packageName?.toLowerCase(), p);
    add(byRepository, normalizeRepositoryUrl(p.package.url), p);
  }
  const tools: ToolsFile = {};
  for (const server of servers) {
    const identifiers = (server.packages ?? [])
      .filter((p) => p.registryType === "npm" || p.registryType === "pypi")
      .map((p) => p.identifier.toLowerCase());
    let candidates = identifiers.flatMap((id) => byIdentifier.get(id) ?? []);
    if (candidates.length === 0)
      candidates = byRepository.get(normalizeRepositoryUrl(server.repository?.url) ?? "") ?? [];
    const best = [...candidates].sort(
      (a, b) => (b.tools?.length ?? 0) - (a.tools?.length ?? 0) || (a.key < b.key ? -1 : 1),
    )[0];
    if (best)
      tools[server.name] = (best.tools ?? []).map((t) => ({
        name: t.name,
        description: t.description ?? "",
      }));
  }
  return tools;
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const PUBLISHED = "2025-10-01T00:00:00Z";

function entry(server: Record<string, unknown> & { name: string; description: string }): RegistryEntry {
  return {
    server: {
      $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
      version: "1.0.0",
      ...server,
    },
    _meta: {
      [OFFICIAL_META_KEY]: { status: "active", publishedAt: PUBLISHED, updatedAt: PUBLISHED, isLatest: true },
    },
  };
}

function repository(url: string | undefined): Record<string, unknown> {
  return url?.startsWith("https://github.com/") ? { repository: { url, source: "github" } } : {};
}

/** Servers of LiveMCPBench (70, 527 tools with input schemas). */
export function liveMcpBench(): ImportData {
  const registry: RegistryEntry[] = [];
  const tools: ToolsFile = {};
  for (const s of readJson<LiveMcpServer[]>("livemcpbench-tools.json")) {
    const list = Object.values(s.tools).flatMap((t) => t.tools);
    if (list.length === 0) continue;
    const name = `org.livemcpbench/${slug(s.name)}`;
    registry.push(entry({ name, title: s.name, description: s.description ?? "", ...repository(s.web) }));
    tools[name] = list.map((t) => ({
      name: t.name,
      description: t.description ?? "",
      inputSchema: t.inputSchema,
    }));
  }
  return { registry, tools };
}

/** Servers of Docker's MCP catalog that list tools (28, 755 tools). */
export function dockerCatalog(): ImportData {
  const registry: RegistryEntry[] = [];
  const tools: ToolsFile = {};
  for (const s of readJson<{ servers: DockerServer[] }>("docker-mcp-registry-catalog.json").servers) {
    if (!s.tools?.length) continue;
    const name = `com.docker.mcp/${slug(s.id)}`;
    const about = s.server.about ?? {};
    registry.push(
      entry({
        name,
        title: about.title ?? s.id,
        description: about.description ?? "",
        ...repository(s.server.source?.project),
      }),
    );
    tools[name] = s.tools.map((t) => ({
      name: t.name,
      description: t.description ?? "",
      inputSchema: t.inputSchema ?? argumentsSchema(t.arguments ?? []),
    }));
  }
  return { registry, tools };
}

/** Docker's `arguments: [{name, type, desc}]` as a JSON Schema object. */
function argumentsSchema(args: { name: string; type?: string; desc?: string }[]): Record<string, unknown> {
  return {
    type: "object",
    properties: Object.fromEntries(
      args.map((a) => [a.name, { type: a.type ?? "string", description: a.desc ?? "" }]),
    ),
  };
}

/** Everything the shared data adds to the snapshot: standalone servers and every tool list. */
export function sharedImportData(snapshot = SNAPSHOT_2025_12_18): ImportData {
  const live = liveMcpBench();
  const docker = dockerCatalog();
  return {
    registry: [...live.registry, ...docker.registry],
    tools: { ...toolsdkToolsFor(latestServers(snapshot)), ...live.tools, ...docker.tools },
  };
}

/** The upsert-version job payload of an imported entry. */
export function importJob(e: RegistryEntry): { entry: RegistryEntry; hash: string; source: "import" } {
  return { entry: e, hash: entryHash(e.server, e._meta[OFFICIAL_META_KEY]), source: "import" };
}

/** A server of the shared data with its tool list: what it says of itself and each tool. */
export type ToolServer = { id: string; description: string; tools: { name: string; description: string }[] };

/**
 * Every server of ../shared/data that lists its tools: toolsdk's packages (814), LiveMCPBench's
 * servers, Docker's catalog's and ToolHive's (tool names only), each once, by where it comes from.
 */
export function sharedToolServers(): ToolServer[] {
  const toolsdk = readJson<{ packages: ToolsdkPackage[] }>("toolsdk-packages-with-tools.json").packages;
  const out: ToolServer[] = toolsdk
    .filter((p) => (p.tools?.length ?? 0) > 0)
    .map((p) => ({
      id: `toolsdk:${p.key}`,
      description: p.package.description ?? "",
      tools: p.tools!.map((t) => ({ name: t.name, description: t.description ?? "" })),
    }));
  for (const data of [liveMcpBench(), dockerCatalog()]) {
    for (const e of data.registry)
      out.push({
        id: e.server.name,
        description: e.server.description,
        tools: data.tools[e.server.name]!.map((t) => ({ name: t.name, description: t.description })),
      });
  }
  const toolhive =
    readJson<Record<"servers" | "remote_servers", Record<string, ToolhiveServer>>>("toolhive-registry.json");
  for (const [id, s] of [...Object.entries(toolhive.servers), ...Object.entries(toolhive.remote_servers)])
    if (s.tools?.length)
      out.push({
        id: `toolhive:${id}`,
        description: s.description ?? "",
        tools: s.tools.map((name) => ({ name, description: "" })),
      });
  return out;
}
