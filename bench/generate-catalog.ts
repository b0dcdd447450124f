import { latestServers, sharedImportData, type ImportTool, type ToolsFile } from "@catalog/testing";
import { OFFICIAL_META_KEY, type RegistryEntry } from "@catalog/registry";

/**
 * A large catalog derived from the real data: the 1,206 real servers first, then copies of
 * them under new names (keeping their descriptions, remotes and packages) until `servers` is
 * reached; each server gets its real tools plus tools drawn from the real tool pool until the
 * catalog holds `tools` tools. A drawn tool's description names the server it now belongs to,
 * so texts stay distinct as they are in a real catalog.
 */
export function generateCatalog(
  servers: number,
  tools: number,
): { registry: RegistryEntry[]; tools: ToolsFile } {
  const real = sharedImportData();
  const base = [...latestServers(), ...real.registry.map((e) => e.server)];
  const pool: ImportTool[] = Object.values(real.tools).flat();
  const registry: RegistryEntry[] = [];
  const out: ToolsFile = {};
  let remaining = tools;
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < servers; i++) {
    const source = base[i % base.length]!;
    const copy = i >= base.length;
    const name = copy ? `${source.name}-g${i}` : source.name;
    const published = "2025-10-01T00:00:00Z";
    registry.push({
      server: { ...source, name, version: "1.0.0" },
      _meta: {
        [OFFICIAL_META_KEY]: {
          status: "active",
          publishedAt: published,
          updatedAt: published,
          isLatest: true,
        },
      },
    } as RegistryEntry);
    const own = real.tools[source.name] ?? [];
    const target = Math.max(0, Math.round(remaining / (servers - i)));
    const list = [...own.slice(0, target)];
    const label = source.title ?? source.name.split("/")[1] ?? source.name;
    while (list.length < target) {
      const t = pool[Math.floor(random() * pool.length)]!;
      if (list.some((x) => x.name === t.name)) continue;
      list.push({ ...t, description: `${t.description} (${label})` });
    }
    remaining -= list.length;
    if (list.length > 0) out[name] = list;
  }
  return { registry, tools: out };
}
