import { annotationMismatch } from "./annotation-mismatch.js";

const rules = (name: string, annotations: object) =>
  annotationMismatch({ name, annotations }).map((f) => f.rule);

test("finds annotations that contradict the tool's name", () => {
  expect(rules("delete_repository", { readOnlyHint: true })).toEqual(["read_only_but_writes"]);
  expect(rules("dropTable", { destructiveHint: false })).toEqual(["not_destructive_but_deletes"]);
  expect(rules("post-tweet", { openWorldHint: false })).toEqual(["closed_world_but_sends"]);
});

test("honest annotations and absent ones are no finding", () => {
  expect(rules("list_repositories", { readOnlyHint: true })).toEqual([]);
  expect(rules("delete_file", { destructiveHint: true })).toEqual([]);
  expect(rules("delete_file", {})).toEqual([]);
});
