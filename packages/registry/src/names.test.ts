import { isServerName, serverKey, splitNamePath } from "./names.js";

describe("server names in paths", () => {
  it("accepts a literal slash", () => {
    expect(splitNamePath("io.github.x/tools/tools")).toEqual({ name: "io.github.x/tools", rest: ["tools"] });
  });

  it("accepts the slash encoded as %2F", () => {
    expect(splitNamePath("io.github.x%2Ftools/versions/1.0.0")).toEqual({
      name: "io.github.x/tools",
      rest: ["versions", "1.0.0"],
    });
  });

  it("reads a name alone", () => {
    expect(splitNamePath("io.github.x/tools")).toEqual({ name: "io.github.x/tools", rest: [] });
  });

  it("refuses broken percent-encoding", () => {
    expect(splitNamePath("io.github.x%E0%A4%A/tools")).toBeNull();
  });

  it("validates names and derives the config key", () => {
    expect(isServerName("io.github.x/tools")).toBe(true);
    expect(isServerName("no-slash")).toBe(false);
    expect(isServerName("a/b/c")).toBe(false);
    expect(serverKey("io.github.x/tools")).toBe("tools");
  });
});
