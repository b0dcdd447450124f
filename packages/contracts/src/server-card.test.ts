import { cardFacts, compareServerCard, serverCardUrls, type ProbeServerCard } from "./server-card.js";

const found = (card: Record<string, unknown>): ProbeServerCard => ({
  status: "found",
  location: "server-card",
  url: "https://mcp.example.com/mcp/server-card",
  bytes: 100,
  ...cardFacts(card),
  card,
  attempts: [],
});
const listing = { name: "com.example/weather", remotes: ["https://mcp.example.com/mcp"] };
const agreeing = {
  name: "com.example/weather",
  remotes: [{ type: "streamable-http", url: "https://MCP.example.com/mcp/" }],
};

describe("serverCardUrls", () => {
  it("puts the recommended location under the MCP URL and the three well-known ones on its origin", () => {
    expect(serverCardUrls("https://mcp.example.com/v1/mcp/?x=1").map((l) => l.url)).toEqual([
      "https://mcp.example.com/v1/mcp/server-card",
      "https://mcp.example.com/.well-known/mcp.json",
      "https://mcp.example.com/.well-known/mcp/server-card.json",
      "https://mcp.example.com/.well-known/mcp-server-card",
    ]);
  });
});

describe("compareServerCard", () => {
  it("agrees when the name and the remotes are the listing's (slash and host case aside)", () => {
    expect(compareServerCard(found(agreeing), listing)).toMatchObject({
      agrees: true,
      name: null,
      remotes_not_listed: [],
      remotes_not_on_card: [],
      embeds: [],
    });
  });

  it("names a different name, and the remotes each side has alone", () => {
    const card = {
      name: "com.other/weather",
      remotes: [{ type: "streamable-http", url: "https://evil.example.net/mcp" }],
    };
    expect(compareServerCard(found(card), listing)).toMatchObject({
      agrees: false,
      name: { card: "com.other/weather", listing: "com.example/weather" },
      remotes_not_listed: ["https://evil.example.net/mcp"],
      remotes_not_on_card: ["https://mcp.example.com/mcp"],
    });
  });

  it("takes a card without remotes as silent about them", () => {
    expect(compareServerCard(found({ name: "com.example/weather" }), listing).agrees).toBe(true);
  });

  it("disagrees with a card that embeds tools, resources or prompts, listed or not", () => {
    const card = { ...agreeing, tools: [{ name: "t" }], prompts: [] };
    expect(compareServerCard(found(card), listing)).toMatchObject({
      agrees: false,
      embeds: ["tools", "prompts"],
    });
    expect(compareServerCard(found(card), null)).toMatchObject({
      agrees: false,
      name: null,
      embeds: ["tools", "prompts"],
    });
    expect(compareServerCard(found(agreeing), null).agrees).toBe(true);
  });

  it("has nothing to compare without a card", () => {
    const absent: ProbeServerCard = {
      ...found({}),
      status: "unreadable",
      location: null,
      url: null,
      card: null,
    };
    expect(absent.name).toBeNull();
    expect(compareServerCard(absent, listing)).toEqual({
      status: "unreadable",
      location: null,
      url: null,
      agrees: null,
      name: null,
      remotes_not_listed: [],
      remotes_not_on_card: [],
      embeds: [],
    });
  });
});
