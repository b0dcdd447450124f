import { goodTool, input } from "../probe.fixtures.js";
import { toolAnnotations } from "./tool-annotations.js";

describe("tool_annotations", () => {
  it("passes a title with a read-only or destructive hint on every tool", () => {
    const tools = [
      goodTool(),
      goodTool({ name: "rm", title: "Remove", annotations: { destructiveHint: true } }),
    ];
    expect(toolAnnotations.run(input({ tools })).status).toBe("pass");
  });
  it("warns when some lack them and fails when all do", () => {
    const bare = goodTool({ name: "bare", title: undefined, annotations: { readOnlyHint: true } });
    expect(toolAnnotations.run(input({ tools: [goodTool(), bare] })).status).toBe("warn");
    expect(
      toolAnnotations.run(
        input({ tools: [bare, goodTool({ name: "nohint", annotations: { title: "No hint" } })] }),
      ).status,
    ).toBe("fail");
  });
});
