import { npm } from "./ecosystems/npm.js";
import { pypi } from "./ecosystems/pypi.js";
import { readGraph } from "./graph.js";

const node = (name: string, version: string, relation: string, errors: string[] = []) => ({
  versionKey: { system: "NPM", name, version },
  bundled: false,
  relation,
  errors,
});

describe("readGraph", () => {
  it("counts distinct dependencies and finds the SDK nearest the package", () => {
    const graph = readGraph(
      {
        nodes: [
          node("weather-mcp", "1.0.0", "SELF"),
          node("@modelcontextprotocol/sdk", "1.24.3", "DIRECT"),
          node("zod", "3.25.76", "INDIRECT"),
          node("zod", "3.25.76", "INDIRECT"),
        ],
        edges: [
          { fromNode: 0, toNode: 1, requirement: "^1.24.0" },
          { fromNode: 1, toNode: 2, requirement: "^3.23.8" },
        ],
        error: "",
      },
      npm,
    );
    expect(graph).toMatchObject({
      status: "resolved",
      dependencyCount: 2,
      mcpSdk: { present: true, package: "@modelcontextprotocol/sdk", version: "1.24.3" },
      edges: [
        [0, 1],
        [1, 2],
      ],
    });
    expect(graph.nodes[0]).toEqual({ name: "weather-mcp", version: "1.0.0", relation: "self" });
  });

  it("is incomplete when a node or the graph reports an error", () => {
    const nodeError = readGraph({ nodes: [node("a", "1.0.0", "SELF", ["no version matches ^9"])] }, npm);
    expect(nodeError.status).toBe("incomplete");
    expect(nodeError.errors).toEqual(["a@1.0.0: no version matches ^9"]);
    expect(
      readGraph({ nodes: [node("a", "1.0.0", "SELF")], error: "resolution timed out" }, npm).status,
    ).toBe("incomplete");
  });

  it("reports no SDK when none is in the graph, and matches PyPI names normalised", () => {
    expect(readGraph({ nodes: [node("a", "1.0.0", "SELF")] }, npm).mcpSdk).toEqual({
      present: false,
      package: null,
      version: null,
    });
    const py = readGraph({ nodes: [node("server", "0.1.0", "SELF"), node("MCP", "1.23.0", "DIRECT")] }, pypi);
    expect(py.mcpSdk).toEqual({ present: true, package: "MCP", version: "1.23.0" });
  });
});
