import { daysAgo, trustInput } from "../trust.fixtures.js";
import { toolsAddedAfterListing } from "./tools-added-after-listing.js";

const change = (
  tool: string,
  kind: "added" | "removed" | "changed" | "renamed",
  days: number,
  renamedFrom?: string,
) => ({
  tool,
  kind,
  observedAt: daysAgo(days),
  descriptionSimilarity: null,
  renamedFrom: renamedFrom ?? null,
});

describe("tools_added_after_listing", () => {
  it("lists tools added and renamed within 90 days, with the former name of a rename", () => {
    const input = trustInput({
      toolChanges: [
        change("remove_repo", "renamed", 2, "delete_repo"),
        change("export", "added", 40),
        change("x", "changed", 1),
      ],
    });
    expect(toolsAddedAfterListing.detect(input)).toEqual({
      tools: [
        {
          tool: "remove_repo",
          kind: "renamed",
          renamed_from: "delete_repo",
          observed_at: daysAgo(2).toISOString(),
        },
        { tool: "export", kind: "added", observed_at: daysAgo(40).toISOString() },
      ],
    });
  });
  it("is absent for removals, edits and older additions", () => {
    const input = trustInput({
      toolChanges: [change("a", "removed", 1), change("b", "changed", 1), change("c", "added", 91)],
    });
    expect(toolsAddedAfterListing.detect(input)).toBeNull();
  });
});
