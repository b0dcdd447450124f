import type { McpSdk } from "@catalog/contracts";
import { z } from "zod";
import type { Ecosystem } from "./ecosystems/index.js";

/** deps.dev v3 GetDependencies (JSON mapping of deps_dev.v3.Dependencies). */
export const DepsDevGraphSchema = z.object({
  nodes: z
    .array(
      z.object({
        versionKey: z.object({ system: z.string(), name: z.string(), version: z.string() }),
        bundled: z.boolean().optional(),
        relation: z.enum(["SELF", "DIRECT", "INDIRECT", "DEPENDENCY_RELATION_UNSPECIFIED"]).optional(),
        errors: z.array(z.string()).optional(),
      }),
    )
    .default([]),
  edges: z
    .array(z.object({ fromNode: z.number().int().default(0), toNode: z.number().int().default(0) }))
    .default([]),
  error: z.string().optional(),
});
export type DepsDevGraph = z.infer<typeof DepsDevGraphSchema>;

export type GraphNode = { name: string; version: string; relation: "self" | "direct" | "indirect" };

export type { McpSdk };

/** What a report keeps of a resolved graph. */
export type ResolvedGraph = {
  status: "resolved" | "incomplete";
  nodes: GraphNode[];
  edges: [number, number][];
  /** Distinct package versions the package depends on, itself excluded. */
  dependencyCount: number;
  mcpSdk: McpSdk;
  /** Why the graph is incomplete, when it is. */
  errors: string[];
};

/**
 * Reads a deps.dev graph: `incomplete` when deps.dev reports an error for the graph or any node
 * (an unresolved requirement), else `resolved`. The first node is the package itself.
 */
export function readGraph(raw: unknown, ecosystem: Ecosystem): ResolvedGraph {
  const graph = DepsDevGraphSchema.parse(raw);
  const nodes = graph.nodes.map((n, i) => ({
    name: n.versionKey.name,
    version: n.versionKey.version,
    relation:
      i === 0 || n.relation === "SELF"
        ? ("self" as const)
        : n.relation === "DIRECT"
          ? ("direct" as const)
          : ("indirect" as const),
  }));
  const errors = [
    ...(graph.error ? [graph.error] : []),
    ...graph.nodes.flatMap((n) =>
      (n.errors ?? []).map((e) => `${n.versionKey.name}@${n.versionKey.version}: ${e}`),
    ),
  ];
  const dependencies = new Set(
    nodes.filter((n) => n.relation !== "self").map((n) => `${n.name}@${n.version}`),
  );
  return {
    status: errors.length ? "incomplete" : "resolved",
    nodes,
    edges: graph.edges.map((e) => [e.fromNode, e.toNode]),
    dependencyCount: dependencies.size,
    mcpSdk: sdkIn(nodes, ecosystem),
    errors,
  };
}

/** The official MCP SDK among the dependencies, the one nearest the package first. */
function sdkIn(nodes: GraphNode[], ecosystem: Ecosystem): McpSdk {
  const sdk = new Set(ecosystem.sdkPackages.map(ecosystem.normalizeName));
  const order = { self: 0, direct: 1, indirect: 2 };
  const found = nodes
    .filter((n) => n.relation !== "self" && sdk.has(ecosystem.normalizeName(n.name)))
    .sort((a, b) => order[a.relation] - order[b.relation])[0];
  return found
    ? { present: true, package: found.name, version: found.version }
    : { present: false, package: null, version: null };
}
