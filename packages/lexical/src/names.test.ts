import { NameIndex, nameParts, nameWords, serverNameText } from "./names.js";

function index(): NameIndex {
  const names = new NameIndex();
  names.set("io.github.stevenvo/slack-mcp-server", "Slack MCP Server");
  names.set("ai.smithery/smithery-ai-slack", null);
  names.set("com.stripe/mcp", "Stripe");
  names.set("io.github.github/github-mcp-server", "GitHub");
  names.set("io.github.someone/github-issues", null);
  names.set("io.github.x/postgresql-server", null);
  names.set("io.github.y/brave-search", null);
  names.set("io.github.z/search", null);
  for (let i = 0; i < 20; i++) names.set(`io.github.n${i}/web-search-${i}`, null);
  return names;
}

const servers = (matches: { server: string }[]) => matches.map((m) => m.server);

describe("names", () => {
  it("reads the organisation of a namespace, not a code host's user", () => {
    expect(nameParts("com.stripe/mcp")).toEqual({ organisation: "stripe", segment: "mcp", account: "" });
    expect(nameParts("io.github.stevenvo/slack")).toEqual({
      organisation: "",
      segment: "slack",
      account: "stevenvo",
    });
    expect(serverNameText("ai.waystation/slack")).toBe("slack waystation");
  });

  it("drops generic words and resolves aliases", () => {
    expect(nameWords("slack-mcp-server")).toEqual(["slack"]);
    expect(nameWords("k8s")).toEqual(["kubernet"]);
    expect(nameWords("gdrive")).toEqual(["googl", "drive"]);
  });

  it("puts servers named exactly as the query first, partial names after", () => {
    const m = index().match("slack");
    expect(servers(m)).toEqual(["io.github.stevenvo/slack-mcp-server", "ai.smithery/smithery-ai-slack"]);
    expect(m[0]!.strength).toBe(1);
    expect(m[1]!.strength).toBeLessThan(1);
  });

  it("finds compound names, run-together words and a code host account of a generic segment", () => {
    const names = index();
    names.set("io.github.perplexityai/mcp-server", null);
    names.set("io.github.brightdata/brightdata-mcp", null);
    expect(servers(names.match("perplexity"))).toEqual(["io.github.perplexityai/mcp-server"]);
    expect(names.match("bright data")[0]).toEqual({
      server: "io.github.brightdata/brightdata-mcp",
      strength: 1,
    });
  });

  it("finds a product named only by its namespace", () => {
    expect(servers(index().match("stripe"))).toEqual(["com.stripe/mcp"]);
  });

  it("matches a name inside a longer query, weighting rare words", () => {
    const m = index().match("github issues");
    expect(servers(m).slice(0, 2)).toEqual([
      "io.github.someone/github-issues",
      "io.github.github/github-mcp-server",
    ]);
    expect(m[0]!.strength).toBe(1);
    expect(m[1]!.strength).toBeGreaterThan(0);
  });

  it("gives a generic word in a name little strength", () => {
    const m = index().match("brave search");
    expect(m[0]).toEqual({ server: "io.github.y/brave-search", strength: 1 });
    expect(m.find((x) => x.server === "io.github.z/search")!.strength).toBeLessThan(0.5);
  });

  it("matches aliases both ways", () => {
    expect(servers(index().match("postgres"))).toEqual(["io.github.x/postgresql-server"]);
  });

  it("forgets removed servers", () => {
    const names = index();
    names.remove("com.stripe/mcp");
    expect(names.match("stripe")).toEqual([]);
  });
});
