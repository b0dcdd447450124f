import { daysAgo, trustInput } from "../trust.fixtures.js";
import { toolsChangedRecently } from "./tools-changed-recently.js";

const change = (tool: string, days: number) => ({
  tool,
  kind: "changed" as const,
  observedAt: daysAgo(days),
  descriptionSimilarity: null,
});

describe("tools_changed_recently", () => {
  it("summarises changes of the last 30 days", () => {
    const input = trustInput({ toolChanges: [change("b", 3), change("a", 10), change("c", 45)] });
    expect(toolsChangedRecently.detect(input)).toEqual({
      changes: 2,
      last_change_at: daysAgo(3).toISOString(),
      tools: ["a", "b"],
    });
  });
  it("is absent when the last change is older", () => {
    expect(toolsChangedRecently.detect(trustInput({ toolChanges: [change("a", 31)] }))).toBeNull();
  });
});
