/**
 * Tool names that several servers define (Elastic's name collisions: an agent given both may call
 * the wrong one, and a look-alike server can shadow a known one). For each server, its tools that
 * others define too, with those servers. Generic names (`search`, `query`) collide by nature, so
 * this is evidence for review, never a flag by itself.
 */
export function nameCollisions(
  catalog: ReadonlyMap<string, readonly string[]>,
): Map<string, { tool: string; servers: string[] }[]> {
  const owners = new Map<string, string[]>();
  for (const [server, tools] of catalog) {
    for (const tool of new Set(tools)) {
      const list = owners.get(tool);
      if (list) list.push(server);
      else owners.set(tool, [server]);
    }
  }
  const out = new Map<string, { tool: string; servers: string[] }[]>();
  for (const [tool, servers] of owners) {
    if (servers.length < 2) continue;
    for (const server of servers) {
      const list = out.get(server) ?? [];
      list.push({ tool, servers: servers.filter((s) => s !== server) });
      out.set(server, list);
    }
  }
  return out;
}
