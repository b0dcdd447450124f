import { compactSearch, compactTool, cutText, DESCRIPTION_KEPT } from "./mcp-compact.js";
import type { ToolEntry } from "./servers.js";

const long = "Reads a file. ".repeat(100);
const tool: ToolEntry = {
  name: "read_file",
  title: null,
  description: long,
  input_schema: { type: "object", properties: { path: { type: "string" } } },
  output_schema: null,
  annotations: { readOnlyHint: true },
  source: "probe",
  observed_at: "2026-11-01T00:00:00.000Z",
  tokens: 120,
};

describe("cutText", () => {
  it("keeps short text and text barely over the limit whole", () => {
    expect(cutText("Reads a file.")).toBe("Reads a file.");
    const barely = "x".repeat(DESCRIPTION_KEPT + 20);
    expect(cutText(barely)).toBe(barely);
  });

  it("cuts long text with a marker that counts what was left out and says how to get it", () => {
    const cut = cutText(long);
    expect(cut.startsWith(long.slice(0, 200))).toBe(true);
    const left = /… \[(\d+) more characters: call again with full: true\]$/.exec(cut);
    expect(Number(left?.[1])).toBe(long.length - DESCRIPTION_KEPT);
    expect(cut.length).toBeLessThan(DESCRIPTION_KEPT + 60);
  });

  it("never splits a surrogate pair", () => {
    const emoji = "a".repeat(DESCRIPTION_KEPT - 1) + "😀".repeat(100);
    const cut = cutText(emoji);
    expect(cut).toBe(
      `${"a".repeat(DESCRIPTION_KEPT - 1)} … [${emoji.length - DESCRIPTION_KEPT + 1} more characters: call again with full: true]`,
    );
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut)).toBe(false);
  });
});

describe("compactTool", () => {
  it("drops schemas and cuts the description by default", () => {
    const compact = compactTool(tool, { schemas: false, full: false });
    expect(compact).not.toHaveProperty("input_schema");
    expect(compact).not.toHaveProperty("output_schema");
    expect(compact.description).toBe(cutText(long));
    expect(compact.annotations).toEqual({ readOnlyHint: true });
  });

  it("is the tool as it was when schemas and full are asked for", () => {
    expect(compactTool(tool, { schemas: true, full: true })).toEqual(tool);
  });
});

describe("compactSearch", () => {
  it("cuts server and matched tool descriptions unless full", () => {
    const body = {
      mode: "hybrid" as const,
      detail: "full" as const,
      next_actions: [],
      results: [
        {
          name: "a.b/c",
          title: null,
          description: long,
          connection_class: "R0" as const,
          autonomous: true,
          human_steps: [],
          categories: [],
          trust_score: 50,
          trust_flags: [],
          quality_score: null,
          quality_label: "unrated" as const,
          tool_count: 1,
          tool_tokens: 120,
          score: 0.5,
          match: "strong" as const,
          matched_tools: [{ name: "read_file", description: long }],
        },
      ],
    };
    const compact = compactSearch(body, { full: false });
    expect(compact.results[0]?.description).toBe(cutText(long));
    expect(compact.results[0]?.matched_tools[0]?.description).toBe(cutText(long));
    expect(compactSearch(body, { full: true })).toBe(body);
  });

  it("leaves the short levels alone", () => {
    const names = { mode: "hybrid" as const, detail: "names" as const, next_actions: [], results: [] };
    expect(compactSearch(names, { full: false })).toBe(names);
  });
});
