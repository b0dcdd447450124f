import { PackageProbeResultSchema } from "@catalog/contracts";
import { endedResult } from "./outcome.js";
import { listedTools, packageProbeResult } from "./report.js";

const listed = endedResult(
  { outcome: "tools", reason: "It started and listed its tools." },
  {
    tools: [
      {
        name: "read_file",
        title: "Read",
        description: "Reads a file.",
        inputSchema: { type: "object", properties: { path: { type: "string" } } },
        annotations: { readOnlyHint: true },
      },
      { name: "", description: "nameless" },
      { description: "no name at all" },
      { name: "odd", description: 42, inputSchema: "not a schema", annotations: [1] },
    ],
    prompts: [{ name: "summarise" }, { title: "nameless prompt" }],
    resources: [{ uri: "file:///README.md", name: "readme" }, { name: "only-a-name" }],
    serverInfo: { name: "demo", version: "1.0.0" },
    protocolVersion: "2025-06-18",
    placeholders: ["API_KEY"],
    timings: { installMs: 1200, startMs: 300, totalMs: 1600 },
  },
);
const pkg = { registry_type: "npm" as const, identifier: "demo-mcp", version: "1.0.0" };
const at = { startedAt: new Date("2026-11-29T00:00:00Z"), finishedAt: new Date("2026-11-29T00:00:02Z") };

describe("packageProbeResult", () => {
  it("reports the named tools without schemas, prompts and resources by name, in the contract's shape", () => {
    const report = PackageProbeResultSchema.parse(packageProbeResult(pkg, listed, at));
    expect(report.tools.map((t) => t.name)).toEqual(["read_file", "odd"]);
    expect(report.tools[0]).toEqual({
      name: "read_file",
      title: "Read",
      description: "Reads a file.",
      annotations: { readOnlyHint: true },
    });
    expect(report.tools[1]).toEqual({ name: "odd", title: null, description: "", annotations: null });
    expect(report.tool_count).toBe(2);
    expect(report.prompts).toEqual(["summarise"]);
    expect(report.resources).toEqual(["file:///README.md", "only-a-name"]);
    expect(report.timings).toEqual({ install_ms: 1200, start_ms: 300, total_ms: 1600 });
    expect(report.finished_at).toBe("2026-11-29T00:00:02.000Z");
  });

  it("keeps the reason of an introspection that listed nothing", () => {
    const failed = endedResult({ outcome: "version_unavailable", reason: "The registry has no 9.9.9." });
    const report = packageProbeResult(pkg, failed, at);
    expect(report).toMatchObject({ outcome: "version_unavailable", detail: "The registry has no 9.9.9." });
    expect(report.tools).toEqual([]);
  });
});

describe("listedTools", () => {
  it("keeps schemas and annotations, and replaces what is not an object with the defaults", () => {
    expect(listedTools(listed)).toEqual([
      {
        name: "read_file",
        title: "Read",
        description: "Reads a file.",
        inputSchema: { type: "object", properties: { path: { type: "string" } } },
        outputSchema: null,
        annotations: { readOnlyHint: true },
      },
      { name: "odd", description: "", inputSchema: { type: "object" }, outputSchema: null },
    ]);
  });
});
