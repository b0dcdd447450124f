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

test("a write word that is the name's object, or a stopped recording, is no write (issue 47)", () => {
  const readOnly = { readOnlyHint: true };
  expect(rules("get_post_details", readOnly)).toEqual([]);
  expect(rules("comment_get", readOnly)).toEqual([]);
  expect(rules("reply_get", readOnly)).toEqual([]);
  expect(rules("list_commits", readOnly)).toEqual([]);
  expect(rules("getWorkflowRun", { ...readOnly, openWorldHint: false })).toEqual([]);
  expect(rules("describe_delete_plan", { ...readOnly, destructiveHint: false })).toEqual([]);
  expect(rules("performance_stop_trace", readOnly)).toEqual([]);
  // The action is still read: verb first, object first, two actions joined, a stopped server.
  expect(rules("delete_post", readOnly)).toEqual(["read_only_but_writes"]);
  expect(rules("comment_create", readOnly)).toEqual(["read_only_but_writes"]);
  expect(rules("get_and_delete_job", readOnly)).toEqual(["read_only_but_writes"]);
  expect(rules("stop_server", readOnly)).toEqual(["read_only_but_writes"]);
  expect(rules("github_post_comment", { openWorldHint: false })).toEqual(["closed_world_but_sends"]);
});
