import type { LexicalRow } from "@catalog/db";
import { taskCapabilitiesOf, type TaskCapability } from "@catalog/tool-risk";

/**
 * Which servers have each task capability (a class of packages/tool-risk): a server has it when
 * one of its tools has it, or, for a server without a tool list, when its description says so.
 * Kept in step with the lexical index, one server at a time.
 */
export class CapabilityIndex {
  private readonly servers = new Map<TaskCapability, Set<string>>();
  private readonly of = new Map<string, TaskCapability[]>();

  /** Makes `rows` (a server's documents) the server's capabilities; none removes it. */
  set(server: string, rows: readonly Pick<LexicalRow, "toolName" | "title" | "body">[]): void {
    this.remove(server);
    const tools = rows.filter((r) => r.toolName !== null);
    const own = rows.find((r) => r.toolName === null);
    const found = new Set(
      tools.length > 0
        ? tools.flatMap((t) => taskCapabilitiesOf({ name: t.toolName!, description: t.body }))
        : own
          ? taskCapabilitiesOf({ name: "", description: `${own.title}. ${own.body}` })
          : [],
    );
    if (found.size === 0) return;
    this.of.set(server, [...found]);
    for (const capability of found) {
      const set = this.servers.get(capability) ?? new Set<string>();
      set.add(server);
      this.servers.set(capability, set);
    }
  }

  remove(server: string): void {
    for (const capability of this.of.get(server) ?? []) this.servers.get(capability)?.delete(server);
    this.of.delete(server);
  }

  /** The servers with the capability (empty when none). */
  serversWith(capability: TaskCapability): ReadonlySet<string> {
    return this.servers.get(capability) ?? new Set();
  }
}
