import { definitionHash, diffTools, listHash, wordSimilarity, type ToolDefinition } from "./index.js";

const tool = (over: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name: "search",
  description: "Search the web for pages.",
  inputSchema: { type: "object", properties: { q: { type: "string" } } },
  outputSchema: null,
  annotations: { readOnlyHint: true },
  ...over,
});

describe("tool history", () => {
  it("hashes the canonical JSON of a definition: key order does not matter, content does", () => {
    const a = tool({ inputSchema: { properties: { q: { type: "string" } }, type: "object" } });
    expect(definitionHash(a)).toBe(definitionHash(tool()));
    expect(definitionHash(tool({ description: "Other." }))).not.toBe(definitionHash(tool()));
    expect(definitionHash(tool())).toMatch(/^[0-9a-f]{64}$/);
    expect(listHash([tool(), tool({ name: "b" })])).toBe(listHash([tool({ name: "b" }), tool()]));
  });

  it("measures description similarity as the share of words in common", () => {
    expect(wordSimilarity("Search the web", "search the web")).toBe(1);
    expect(wordSimilarity("a b c d", "a b x y")).toBe(0.333);
    expect(wordSimilarity("", "")).toBe(1);
  });

  it("records added, removed and changed tools with fields, descriptions and both hashes", () => {
    const before = [tool(), tool({ name: "fetch", description: "Fetch a page." })];
    const after = [
      tool({ description: "Search the whole web for pages.", annotations: { readOnlyHint: false } }),
      tool({ name: "crawl", description: "Crawl a site." }),
    ];
    const changes = diffTools(before, after);
    expect(changes.map((c) => [c.tool, c.kind])).toEqual([
      ["crawl", "added"],
      ["fetch", "removed"],
      ["search", "changed"],
    ]);
    expect(changes[2]).toEqual({
      tool: "search",
      kind: "changed",
      fields: ["description", "annotations"],
      descriptionBefore: "Search the web for pages.",
      descriptionAfter: "Search the whole web for pages.",
      descriptionSimilarity: 0.833,
      hashBefore: definitionHash(before[0]!),
      hashAfter: definitionHash(after[0]!),
    });
    expect(changes[0]).toMatchObject({ hashBefore: null, hashAfter: definitionHash(after[1]!) });
    expect(changes[1]).toMatchObject({ hashBefore: definitionHash(before[1]!), hashAfter: null });
    expect(diffTools(before, before)).toEqual([]);
  });
});
