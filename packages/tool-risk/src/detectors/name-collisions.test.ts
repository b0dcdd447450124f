import { nameCollisions } from "./name-collisions.js";

test("names each server's tools that other servers define too", () => {
  const found = nameCollisions(
    new Map([
      ["a/github", ["create_issue", "list_repos"]],
      ["b/lookalike", ["create_issue", "create_issue"]],
      ["c/other", ["weather"]],
    ]),
  );
  expect(Object.fromEntries(found)).toEqual({
    "a/github": [{ tool: "create_issue", servers: ["b/lookalike"] }],
    "b/lookalike": [{ tool: "create_issue", servers: ["a/github"] }],
  });
});
