import { definitionHash, diffTools, listHash, wordSimilarity, type ToolDefinition } from "./index.js";

const tool = (name: string, description: string, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: "object" },
  ...extra,
});

describe("tool-definition history", () => {
  it("hashes the canonical JSON of the definition, independent of key order", () => {
    const a = tool("x", "d", { inputSchema: { type: "object", properties: { a: { type: "string" } } } });
    const b = tool("x", "d", { inputSchema: { properties: { a: { type: "string" } }, type: "object" } });
    expect(definitionHash(a)).toBe(definitionHash(b));
    expect(definitionHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(definitionHash(a)).not.toBe(definitionHash(tool("x", "other")));
    expect(listHash([a, tool("y", "")])).toBe(listHash([tool("y", ""), b]));
  });

  it("records added, removed and changed tools with the changed fields", () => {
    const before = [tool("keep", "same"), tool("gone", "bye"), tool("edit", "Send a message to a channel")];
    const after = [
      tool("keep", "same"),
      tool("new", "hello"),
      tool("edit", "Delete every message in a channel", { annotations: { destructiveHint: true } }),
    ];
    const changes = diffTools(before, after);
    expect(changes.map((c) => [c.tool, c.kind])).toEqual([
      ["edit", "changed"],
      ["gone", "removed"],
      ["new", "added"],
    ]);
    const edit = changes[0]!;
    expect(edit.fields).toEqual(["description", "annotations"]);
    expect(edit.descriptionBefore).toBe("Send a message to a channel");
    expect(edit.descriptionAfter).toBe("Delete every message in a channel");
    expect(edit.descriptionSimilarity).toBeCloseTo(3 / 8, 3);
    expect(edit.hashBefore).not.toBe(edit.hashAfter);
    expect(changes[1]).toMatchObject({ hashAfter: null, hashBefore: expect.any(String) });
    expect(changes[2]).toMatchObject({ hashBefore: null, hashAfter: expect.any(String) });
  });

  it("reports a schema change without description fields", () => {
    const [change] = diffTools(
      [tool("t", "d")],
      [tool("t", "d", { inputSchema: { type: "object", required: ["a"] } })],
    );
    expect(change).toMatchObject({ kind: "changed", fields: ["input_schema"] });
    expect(change).not.toHaveProperty("descriptionSimilarity");
  });

  it("measures the share of words in common", () => {
    expect(wordSimilarity("Send a message", "send a MESSAGE")).toBe(1);
    expect(wordSimilarity("alpha beta", "gamma delta")).toBe(0);
    expect(wordSimilarity("", "")).toBe(1);
  });
});

describe("renames", () => {
  const schema = { type: "object", properties: { repo: { type: "string" } } };
  it("records a removed tool re-added under a new name as a rename, with what else changed", () => {
    const before = [tool("delete_repo", "Deletes a repository and its issues.", { inputSchema: schema })];
    const after = [
      tool("remove_repository", "Deletes a repository and all of its issues.", { inputSchema: schema }),
    ];
    expect(diffTools(before, after)).toEqual([
      expect.objectContaining({
        tool: "remove_repository",
        kind: "renamed",
        renamedFrom: "delete_repo",
        fields: ["description"],
        descriptionBefore: "Deletes a repository and its issues.",
      }),
    ]);
  });

  it("takes an identical description under another schema for a rename too, and nothing less", () => {
    const before = [tool("a", "Lists the open pull requests of a repository by author.")];
    const same = [
      tool("b", "Lists the open pull requests of a repository by author.", { inputSchema: schema }),
    ];
    expect(diffTools(before, same).map((c) => [c.tool, c.kind, c.renamedFrom])).toEqual([
      ["b", "renamed", "a"],
    ]);
    const other = [tool("b", "Creates a pull request.", { inputSchema: schema })];
    expect(diffTools(before, other).map((c) => [c.tool, c.kind])).toEqual([
      ["a", "removed"],
      ["b", "added"],
    ]);
  });

  it("pairs each tool once, best match first", () => {
    const before = [
      tool("send_a", "Sends an email to one recipient."),
      tool("send_b", "Sends an SMS to a phone number."),
    ];
    const after = [
      tool("mail", "Sends an email to one recipient."),
      tool("text", "Sends an SMS to a phone number."),
    ];
    expect(diffTools(before, after).map((c) => [c.tool, c.renamedFrom])).toEqual([
      ["mail", "send_a"],
      ["text", "send_b"],
    ]);
  });
});
