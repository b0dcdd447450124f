import { evaluate, urlMatches } from "./copilot-policy.js";

/** The evaluator itself, on the reference's own examples. */
describe("Copilot's allow-list evaluation", () => {
  const settings = {
    allowedMcpServers: [
      { serverUrl: "https://api.githubcopilot.com/*" },
      { serverCommand: ["npx", "@playwright/mcp@latest"] },
      { serverCommand: ["npx", "-y", "@modelcontextprotocol/server-filesystem", "/"] },
    ],
    deniedMcpServers: [{ serverCommand: ["npx", "-y", "@modelcontextprotocol/server-filesystem", "/"] }],
  };

  it("allows built-in servers whatever the lists say", () => {
    expect(
      evaluate(
        { allowedMcpServers: [], deniedMcpServers: [{ serverName: "github" }] },
        { name: "github", builtin: true },
      ),
    ).toBe("allowed");
  });

  it("lets a deny match win over an allow match", () => {
    const fs = { name: "fs", command: ["npx", "-y", "@modelcontextprotocol/server-filesystem", "/"] };
    expect(evaluate(settings, fs)).toBe("blocked");
  });

  it("blocks what matches no allow entry, and only when the allow-list is present", () => {
    const other = { name: "other", url: "https://mcp.example.com/mcp" };
    expect(evaluate(settings, other)).toBe("blocked");
    expect(evaluate({ deniedMcpServers: [] }, other)).toBe("allowed");
    expect(evaluate(settings, { name: "x", url: "https://api.githubcopilot.com/mcp/" })).toBe("allowed");
  });

  it("matches a command by its exact argv", () => {
    expect(evaluate(settings, { name: "pw", command: ["npx", "@playwright/mcp@latest"] })).toBe("allowed");
    expect(evaluate(settings, { name: "pw", command: ["npx", "-y", "@playwright/mcp@latest"] })).toBe(
      "blocked",
    );
    expect(evaluate(settings, { name: "pw", command: ["npx", "@playwright/mcp@latest", "--x"] })).toBe(
      "blocked",
    );
  });

  it("reads * in a URL as any text", () => {
    expect(urlMatches("https://*.acme.com/mcp", "https://eu.acme.com/mcp")).toBe(true);
    expect(urlMatches("https://*.acme.com/mcp", "https://eu.acme.com/mcp/x")).toBe(false);
    expect(urlMatches("https://a.com/*/mcp", "https://a.com/t/mcp")).toBe(true);
    expect(urlMatches("https://a.com/mcp", "https://a.com/mcp")).toBe(true);
    expect(urlMatches("https://a.com/mcp", "https://a.com/mcp2")).toBe(false);
  });
});
