import { terms } from "./analyze.js";
import { LexicalIndex, type LexicalDocument } from "./lexical-index.js";

const server = (name: string, title: string, description: string, hash = 1): LexicalDocument => ({
  tool: null,
  hash,
  fields: { name, title, description, params: "" },
});
const tool = (name: string, description: string, params = "", hash = 1): LexicalDocument => ({
  tool: name,
  hash,
  fields: { name: "", title: name, description, params },
});
const q = (text: string) => terms(text).map((term) => ({ term, weight: 1 }));
const options = { servers: 10, tools: 10, toolsPerServer: 3 };

function catalog(): LexicalIndex {
  const index = new LexicalIndex();
  index.setServer("a/slack", [
    server("slack", "Slack", "Read and post messages in Slack channels"),
    tool("postMessage", "Post a message to a channel", "channel: the channel id; text: message text"),
    tool("listChannels", "List the channels of the workspace"),
  ]);
  index.setServer("b/weather", [
    server("weather", "Weather", "Forecasts and current conditions for any city"),
    tool("get_forecast", "Forecast for the next days", "city: name of the city"),
  ]);
  index.setServer("c/notes", [server("notes", "Notes", "Keep notes; mentions slack once in passing")]);
  return index;
}

describe("LexicalIndex", () => {
  it("scores one server's tools for a query as search does, whatever else the index holds", () => {
    const index = catalog();
    for (let i = 0; i < 50; i++)
      index.setServer(`z/other-${i}`, [tool(`post_${i}`, "Post a message to a channel of another app")]);
    const within = index.serverTools(q("list the channels"), "a/slack");
    expect(within.map((t) => t.tool)).toEqual(["listChannels", "postMessage"]);
    expect(within[0]!.coverage).toBeCloseTo(1);
    expect(within[1]!.coverage).toBeLessThan(1);
    const found = index.search(q("list the channels"), { ...options, allow: (s) => s === "a/slack" });
    // search sums in 32-bit floats.
    expect(found.tools[0]).toMatchObject({ tool: within[0]!.tool, server: "a/slack" });
    expect(found.tools[0]!.score).toBeCloseTo(within[0]!.score, 4);
    expect(index.serverTools(q("forecast"), "a/slack")).toEqual([]);
    expect(index.serverTools(q("channels"), "nobody/here")).toEqual([]);
  });

  it("ranks the server named by a word above one that mentions it", () => {
    const { servers } = catalog().search(q("slack"), options);
    expect(servers.map((s) => s.server)).toEqual(["a/slack", "c/notes"]);
  });

  it("lets a tool's match count for its server and lists the tools that matched", () => {
    const { servers, tools } = catalog().search(q("forecast for a city"), options);
    expect(servers[0]).toMatchObject({ server: "b/weather", tools: [{ tool: "get_forecast" }] });
    expect(tools.map((t) => t.tool)).toEqual(["get_forecast"]);
  });

  it("searches parameter names and descriptions", () => {
    expect(catalog().search(q("message text"), options).tools[0]?.tool).toBe("postMessage");
  });

  it("weighs rare words over common ones (IDF)", () => {
    const index = new LexicalIndex();
    for (let i = 0; i < 50; i++) index.setServer(`x/s${i}`, [server(`s${i}`, "", "a server for data")]);
    index.setServer("x/stripe", [server("payments", "", "a server for stripe data")]);
    expect(index.search(q("stripe server data"), options).servers[0]?.server).toBe("x/stripe");
  });

  it("restricts to the allowed servers", () => {
    const { servers } = catalog().search(q("slack"), { ...options, allow: (s) => s !== "a/slack" });
    expect(servers.map((s) => s.server)).toEqual(["c/notes"]);
  });

  it("replaces a server's changed documents and keeps unchanged ones", () => {
    const index = catalog();
    index.setServer("b/weather", [server("weather", "Weather", "Tides and sea levels", 2)]);
    expect(index.search(q("forecast"), options).servers).toEqual([]);
    expect(index.search(q("tides"), options).servers[0]?.server).toBe("b/weather");
    expect(index.stats()).toMatchObject({ servers: 3, documents: 5, deadDocuments: 2 });
  });

  it("forgets a removed server and its terms' frequencies", () => {
    const index = catalog();
    index.removeServer("a/slack");
    expect(index.has("a/slack")).toBe(false);
    expect(index.search(q("slack"), options).servers.map((s) => s.server)).toEqual(["c/notes"]);
  });

  it("answers the same after compaction", () => {
    const index = new LexicalIndex();
    for (let i = 0; i < 3000; i++) index.setServer(`x/s${i}`, [server(`s${i}`, "", `common words ${i % 7}`)]);
    index.setServer("x/target", [server("target", "", "the rare zebra")]);
    for (let i = 0; i < 1500; i++) index.removeServer(`x/s${i}`); // compacts past a quarter dead
    expect(index.stats().deadDocuments).toBeLessThan(1000);
    expect(index.search(q("zebra"), options).servers[0]?.server).toBe("x/target");
    const before = index.search(q("common words 3"), { ...options, servers: 5 });
    index.compact();
    expect(index.search(q("common words 3"), { ...options, servers: 5 })).toEqual(before);
    expect(index.stats()).toMatchObject({ documents: 1501, deadDocuments: 0 });
  });

  it("scores a common term only where rarer terms matched once it is far longer", () => {
    const index = new LexicalIndex();
    for (let i = 0; i < 500; i++) index.setServer(`x/s${i}`, [server(`s${i}`, "", "files on disk")]);
    index.setServer("x/pdf", [server("pdf", "", "read pdf files")]);
    const { servers } = index.search(q("pdf files"), options);
    expect(servers[0]).toMatchObject({ server: "x/pdf" });
    expect(servers).toHaveLength(1);
  });

  it("discounts a tool many servers offer word for word", () => {
    const index = new LexicalIndex();
    for (let i = 0; i < 9; i++)
      index.setServer(`hub/s${i}`, [server(`s${i}`, "", "a hub"), tool("sendEmail", "Send an email")]);
    index.setServer("mail/only", [server("only", "", "mail"), tool("send_mail", "Send an email message")]);
    const { servers } = index.search(q("send email"), options);
    expect(servers[0]?.server).toBe("mail/only");
    const flat = index.search(q("send email"), { ...options, twinPower: 0 });
    expect(flat.servers[0]?.server).not.toBe("mail/only");
  });
});
