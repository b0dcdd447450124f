import { daysAgo, trustInput } from "../trust.fixtures.js";
import { toolDescriptionDrift } from "./tool-description-drift.js";

const change = (similarity: number | null, days: number) => ({
  tool: "search",
  kind: "changed" as const,
  observedAt: daysAgo(days),
  descriptionSimilarity: similarity,
});

describe("tool_description_drift", () => {
  it("is present for a recent rewrite under half the words", () => {
    expect(toolDescriptionDrift.detect(trustInput({ toolChanges: [change(0.2, 5)] }))).toEqual({
      changes: [{ tool: "search", similarity: 0.2, observed_at: daysAgo(5).toISOString() }],
    });
  });
  it("is absent for small edits, schema-only changes and old rewrites", () => {
    const toolChanges = [change(0.5, 5), change(null, 5), change(0.1, 91)];
    expect(toolDescriptionDrift.detect(trustInput({ toolChanges }))).toBeNull();
  });
});
