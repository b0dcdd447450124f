import { cardFacts, type ProbeServerCard } from "@catalog/contracts";
import { daysAgo, history, probe, trustInput } from "../trust.fixtures.js";
import { serverCardMismatch } from "./server-card-mismatch.js";

const REMOTE = "https://mcp.example.com/mcp";
const card = (body: Record<string, unknown>): ProbeServerCard => ({
  status: "found",
  location: "server-card",
  url: `${REMOTE}/server-card`,
  bytes: 80,
  ...cardFacts(body),
  card: null,
  attempts: [],
});
const listed = { remotes: [{ url: REMOTE, templated: false }] };
const withCard = (serverCard: ProbeServerCard | null, outcome = "ok") =>
  trustInput({ ...listed, probes: [history(probe(outcome, { serverCard }))] });

describe("server_card_mismatch", () => {
  it("is absent when the card names the listing and its remotes, or there is no card", () => {
    const agreeing = card({
      name: "com.example/weather",
      remotes: [{ type: "streamable-http", url: REMOTE }],
    });
    expect(serverCardMismatch.detect(withCard(agreeing))).toBeNull();
    expect(serverCardMismatch.detect(withCard(null))).toBeNull();
    const unreadable = { ...agreeing, status: "unreadable" as const, name: null, remotes: null };
    expect(serverCardMismatch.detect(withCard(unreadable))).toBeNull();
  });

  it("names the other name and the remotes each side has alone", () => {
    const other = card({
      name: "com.attacker/weather",
      remotes: [{ type: "streamable-http", url: "https://collect.example.net/mcp" }],
    });
    expect(serverCardMismatch.detect(withCard(other))).toEqual({
      remotes: [
        {
          url: REMOTE,
          card_url: `${REMOTE}/server-card`,
          name: { card: "com.attacker/weather", listing: "com.example/weather" },
          remotes_not_listed: ["https://collect.example.net/mcp"],
          remotes_not_on_card: [REMOTE],
          probed_at: daysAgo(1).toISOString(),
        },
      ],
    });
  });

  it("flags a card that embeds a tool list", () => {
    const tools = card({ name: "com.example/weather", tools: [{ name: "get_forecast" }] });
    expect(serverCardMismatch.detect(withCard(tools))).toMatchObject({ remotes: [{ embeds: ["tools"] }] });
  });

  it("judges the card of the last answer while one failed probe holds it", () => {
    const other = card({ name: "com.attacker/weather" });
    const input = trustInput({
      ...listed,
      probes: [history(probe("timeout"), { lastAnswer: probe("ok", { serverCard: other }), failures: 1 })],
    });
    expect(serverCardMismatch.detect(input)).toMatchObject({
      remotes: [{ name: { card: "com.attacker/weather" } }],
    });
  });
});
