import { planIntents } from "./plan.js";

const options = { split: true, implied: true };

test("a short query is one intent; a task in steps one per step", () => {
  expect(planIntents("weather in Paris", undefined, options)).toEqual([
    { text: "weather in Paris", source: "query" },
  ]);
  const task =
    "Look up tomorrow's weather in Paris for the trip. Then post a summary in our team Slack channel.";
  expect(planIntents(task, undefined, options).map((i) => i.source)).toEqual(["query", "query"]);
});

test("the agent's steps are the named intents; q only implies", () => {
  const plan = planIntents(
    "Compare phones and save the table to /tmp/phones.md",
    ["compare phone prices"],
    options,
  );
  expect(plan).toEqual([
    { text: "compare phone prices", source: "given" },
    {
      text: "write and read files in a local folder on disk",
      source: "implied",
      capability: "local_files",
      impliedBy: "/tmp/phones.md",
    },
  ]);
});

test("a need a step carries itself gets no turn of its own", () => {
  const plan = planIntents("save it to /tmp/a.md", ["write the notes to /tmp/a.md"], options);
  expect(plan.map((i) => i.source)).toEqual(["given"]);
});

test("implied needs come after the named ones and can be switched off", () => {
  const task = "Email the summary to ana@example.com after reading https://example.org/news";
  expect(planIntents(task, undefined, options).map((i) => i.capability ?? i.source)).toEqual([
    "query",
    "email",
    "web_pages",
  ]);
  expect(planIntents(task, undefined, { split: true, implied: false })).toHaveLength(1);
});
