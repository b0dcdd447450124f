import { queryTerms, terms, words } from "./analyze.js";

describe("analysis", () => {
  it("splits identifiers in every common style", () => {
    expect(words("sendMessage get_weather_forecast list-issues io.github.user/repo HTTPServer")).toEqual([
      "send",
      "message",
      "get",
      "weather",
      "forecast",
      "list",
      "issues",
      "io",
      "github",
      "user",
      "repo",
      "http",
      "server",
    ]);
  });

  it("drops stop words and stems", () => {
    expect(terms("Sending messages to the channels")).toEqual(["send", "messag", "channel"]);
  });

  it("indexes unspaced scripts as character pairs", () => {
    expect(words("天气预报")).toEqual(["天气", "气预", "预报"]);
  });

  it("drops runs too long to be words (hashes, base64)", () => {
    expect(words(`key ${"A".repeat(200)} value`)).toEqual(["key", "value"]);
  });

  it("keeps a query of stop words searchable", () => {
    expect(queryTerms("get")).toEqual(["get"]);
    expect(queryTerms("get the weather")).toEqual(["weather"]);
  });

  it("takes linear time on hostile text", () => {
    const hostile = "aA_".repeat(400_000) + "x".repeat(1 << 20);
    const started = performance.now();
    words(hostile);
    // Bounded by the character cap: a quadratic pass would take minutes.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
