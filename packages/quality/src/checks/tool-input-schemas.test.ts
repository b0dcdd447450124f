import { goodTool, input } from "../probe.fixtures.js";
import { toolInputSchemas } from "./tool-input-schemas.js";

describe("tool_input_schemas", () => {
  it("passes valid 2020-12 and draft-07 object schemas, unknown keywords included", () => {
    const tools = [
      goodTool(),
      goodTool({
        name: "b",
        inputSchema: {
          $schema: "http://json-schema.org/draft-07/schema#",
          type: "object",
          definitions: { a: { type: "string" } },
        },
      }),
      goodTool({
        name: "c",
        inputSchema: { type: "object", properties: { h: { type: "string", "x-mcp-header": "Region" } } },
      }),
    ];
    expect(toolInputSchemas.run(input({ tools })).status).toBe("pass");
  });
  it.each([
    ["a missing schema", undefined],
    ["a non-object type", { type: "string" }],
    ["an unknown type name", { type: "object", properties: { city: { type: "strnig" } } }],
    ["a dangling $ref", { type: "object", properties: { city: { $ref: "#/$defs/missing" } } }],
  ])("fails on %s", (_label, inputSchema) => {
    const result = toolInputSchemas.run(input({ tools: [goodTool({ name: "broken", inputSchema })] }));
    expect(result.status).toBe("fail");
    expect(result.detail).toMatch(/^1 tool\(s\) have an invalid input schema: broken/);
  });
});
