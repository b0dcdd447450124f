import { MAX_TEXT, textsOf } from "./texts.js";

test("reads every text of a schema: names, descriptions, defaults, enums, nested and referenced", () => {
  const fields = textsOf({
    name: "t",
    description: "d",
    inputSchema: {
      type: "object",
      properties: {
        a: { type: "string", description: "da", default: "x", enum: ["e1", 2] },
        b: { type: "object", properties: { c: { title: "tc" } } },
      },
      $defs: { D: { description: "dd" } },
    },
    outputSchema: { type: "object", properties: { o: { description: "do" } } },
  }).map((t) => t.field);
  expect(fields.sort()).toEqual(
    [
      "name",
      "description",
      "input.properties.a#name",
      "input.properties.a.description",
      "input.properties.a.default",
      "input.properties.a.enum[0]",
      "input.properties.b#name",
      "input.properties.b.properties.c#name",
      "input.properties.b.properties.c.title",
      "input.$defs.D.description",
      "output.properties.o#name",
      "output.properties.o.description",
    ].sort(),
  );
});

test("clips every text and walks a bounded number of schema nodes", () => {
  const deep: Record<string, unknown> = {};
  let node = deep;
  for (let i = 0; i < 10_000; i++) node = (node.items = { description: "x" }) as Record<string, unknown>;
  const texts = textsOf({ name: "t", description: "y".repeat(100_000), inputSchema: deep });
  expect(texts.find((t) => t.field === "description")?.text.length).toBe(MAX_TEXT);
  expect(texts.length).toBeLessThanOrEqual(2_002);
});
