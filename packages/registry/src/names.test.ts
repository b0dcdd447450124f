import { installName, isGenericKey, isServerName, serverKey, splitNamePath } from "./names.js";

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

describe("install names", () => {
  it("suggests one only for a key of generic words", () => {
    expect(isGenericKey("mcp")).toBe(true);
    expect(isGenericKey("mcp-server")).toBe(true);
    expect(isGenericKey("mcp-server-template")).toBe(true);
    expect(isGenericKey("email-mcp")).toBe(false);
    expect(installName("io.github.acme/email-mcp")).toBeNull();
  });

  it("puts the namespace's owner before the key", () => {
    expect(installName("io.github.cloudquery/mcp")).toBe("cloudquery-mcp");
    expect(installName("com.stripe/mcp")).toBe("stripe-mcp");
    expect(installName("com.cloudflare.mcp/mcp")).toBe("cloudflare-mcp");
    expect(installName("io.github.Acme-Labs/mcp-server")).toBe("acme-labs-mcp-server");
    expect(installName("live.alpic.staging.mcp-server-6283dc54/mcp-server")).toBe("mcp-server-6283dc54");
  });
});
