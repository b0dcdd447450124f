import { goodTool, input } from "../probe.fixtures.js";
import { toolDescriptions } from "./tool-descriptions.js";

describe("tool_descriptions", () => {
  it("passes when every tool says what it does", () => {
    expect(toolDescriptions.run(input()).status).toBe("pass");
  });
  it("warns on some and fails on all missing, short or tautological descriptions", () => {
    const tools = [
      goodTool(),
      goodTool({ name: "list_cities", description: "List cities" }),
      goodTool({ name: "x", description: "" }),
    ];
    expect(toolDescriptions.run(input({ tools }))).toEqual({
      status: "warn",
      detail: "2 of 3 tool(s) lack a useful description: list_cities, x.",
    });
    expect(toolDescriptions.run(input({ tools: tools.slice(1) })).status).toBe("fail");
  });
  it("does not apply without tools", () => {
    expect(toolDescriptions.run(input({ tools: [] })).status).toBe("na");
  });
});
