import { html } from "../views/html.js";
import { serverCardSection } from "./server-card-section.js";

const render = (section: ReturnType<typeof serverCardSection>) => html`${section}`.toString();
const comparison = {
  status: "found" as const,
  location: "server-card" as const,
  url: "https://mcp.example.com/mcp/server-card",
  agrees: false,
  name: { card: "com.other/<weather>", listing: "com.example/weather" },
  remotes_not_listed: ["https://collect.example.net/mcp"],
  remotes_not_on_card: [],
  embeds: ["tools" as const],
};

describe("the server card section of the check page", () => {
  it("says where the card was found and each way it contradicts the listing, escaped", () => {
    const page = render(serverCardSection(comparison));
    expect(page).toContain("Card: found at <code>https://mcp.example.com/mcp/server-card</code>");
    expect(page).toContain("differs");
    expect(page).toContain(
      "Named <code>com.other/&lt;weather&gt;</code>, listed as <code>com.example/weather</code>",
    );
    expect(page).toContain("Remote not in the listing: <code>https://collect.example.net/mcp</code>");
    expect(page).toContain("Embeds tools, which a card must not carry");
  });

  it("says when the card agrees, when there is none or it cannot be read, and when it was not read", () => {
    const agreeing = { ...comparison, agrees: true, name: null, remotes_not_listed: [], embeds: [] };
    expect(render(serverCardSection(agreeing))).toContain("The card agrees with the listing.");
    const none = { ...agreeing, status: "absent" as const, location: null, url: null, agrees: null };
    expect(render(serverCardSection(none))).toContain("Card: none at the four locations");
    expect(render(serverCardSection({ ...none, status: "unreadable" }))).toContain("Card: unreadable");
    expect(render(serverCardSection(null))).toContain("Not read: the server did not answer.");
    expect(serverCardSection(undefined)).toBe("");
  });
});
