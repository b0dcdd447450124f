import { goodTool, input } from "../probe.fixtures.js";
import { toolNames } from "./tool-names.js";

describe("tool_names", () => {
  it("passes names of 1..64 allowed characters", () => {
    const tools = [
      goodTool({ name: "a" }),
      goodTool({ name: "files/read.v2-beta_x" }),
      goodTool({ name: "x".repeat(64) }),
    ];
    expect(toolNames.run(input({ tools })).status).toBe("pass");
  });
  it("fails on long names, other characters and duplicates", () => {
    const tools = [
      goodTool({ name: "x".repeat(65) }),
      goodTool({ name: "get forecast" }),
      goodTool({ name: "dup" }),
      goodTool({ name: "dup" }),
    ];
    const result = toolNames.run(input({ tools }));
    expect(result.status).toBe("fail");
    expect(result.detail).toMatch(/2 name\(s\) outside 1\.\.64.*; duplicate name\(s\): dup\.$/);
  });
});
