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

  describe("each server's schemas are judged alone", () => {
    // Before: one shared ajv instance kept every nested $id it had compiled.
    const forecast = goodTool({
      name: "forecast",
      inputSchema: {
        $id: "https://schemas.example/forecast.json",
        type: "object",
        properties: { city: { $ref: "city.json" } },
        $defs: { city: { $id: "city.json", type: "string" } },
      },
    });
    const city = goodTool({
      name: "city",
      inputSchema: {
        $id: "https://schemas.example/city.json",
        type: "object",
        properties: { name: { type: "string" }, population: { type: "integer" } },
      },
    });
    const judge = (tool: ReturnType<typeof goodTool>) => toolInputSchemas.run(input({ tools: [tool] }));

    it("passes a server whose $id another server used nested, with other content", () => {
      expect(judge(forecast).status).toBe("pass");
      expect(judge(city)).toMatchObject({ status: "pass" }); // was: schema with key or id ... already exists
    });

    it("passes one server's tools that use the same $id, nested in one and the root of the other", () => {
      expect(toolInputSchemas.run(input({ tools: [forecast, city] })).status).toBe("pass");
    });

    it("does not resolve a dangling $ref through another server's nested $id", () => {
      const defines = goodTool({
        name: "defines",
        inputSchema: {
          type: "object",
          $defs: { s: { $id: "https://schemas.example/s", type: "string" } },
          properties: { x: { $ref: "https://schemas.example/s" } },
        },
      });
      const dangling = goodTool({
        name: "dangling",
        inputSchema: {
          type: "object",
          $defs: { s: { type: "number" } },
          properties: { x: { $ref: "https://schemas.example/s" } },
        },
      });
      const alone = judge(dangling);
      expect(alone.status).toBe("fail");
      expect(judge(defines).status).toBe("pass");
      expect(judge(dangling)).toEqual(alone); // was: pass, through the other server's leftover $id
    });
  });
});
