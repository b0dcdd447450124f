import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { countTokens, MAX_PIECE, serverTokens, toolDefinitionText, toolTokens } from "./index.js";

describe("countTokens", () => {
  it("counts what the library encodes, on known inputs", () => {
    expect(encode("hello world")).toEqual([24912, 2375]);
    expect(countTokens("hello world")).toBe(2);
    expect(countTokens("")).toBe(0);
    const prose =
      "Searches the web with Brave and returns titles, URLs and snippets of the best results. " +
      "Use it for recent news, articles and general facts.";
    expect(countTokens(prose)).toBe(encode(prose).length);
  });

  it("gives the library's count for long prose, cut at whitespace", () => {
    const words = Array.from({ length: 2000 }, (_, i) => `word${i % 97} value-${i}`).join(" ");
    expect(words.length).toBeGreaterThan(10 * MAX_PIECE);
    expect(countTokens(words)).toBe(encode(words).length);
  });

  it("counts special tokens' spellings as text instead of refusing them", () => {
    expect(countTokens("<|endoftext|>")).toBeGreaterThan(1);
  });

  it("stays linear on long runs without whitespace, in any script", () => {
    const runs = ["a".repeat(100_000), "一泯诞".repeat(33_333), "\u{E0041}".repeat(50_000)];
    for (const run of runs) {
      const started = performance.now();
      const n = countTokens(run);
      // 100,000 characters counted at once take seconds (quadratic merging); in pieces, far less.
      expect([n > 0, performance.now() - started < 5_000]).toEqual([true, true]);
    }
    // The cut costs at most one extra token per piece.
    const short = "a".repeat(10 * MAX_PIECE);
    expect(countTokens(short) - encode(short).length).toBeLessThanOrEqual(10);
  });
});

describe("tool and server costs", () => {
  const tool = {
    name: "get_forecast",
    description: "Forecast for a city.",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  };

  it("counts the JSON of name, description and schemas as a client sends them", () => {
    expect(toolDefinitionText(tool)).toBe(
      '{"name":"get_forecast","description":"Forecast for a city.","inputSchema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}',
    );
    expect(toolTokens(tool)).toBe(encode(toolDefinitionText(tool)).length);
    expect(toolDefinitionText({ name: "ping", description: null, inputSchema: undefined })).toBe(
      '{"name":"ping"}',
    );
  });

  it("adds an output schema when there is one, and sums a server's tools", () => {
    const withOutput = {
      ...tool,
      outputSchema: { type: "object", properties: { celsius: { type: "number" } } },
    };
    expect(toolTokens(withOutput)).toBeGreaterThan(toolTokens(tool));
    expect(serverTokens([tool, withOutput])).toBe(toolTokens(tool) + toolTokens(withOutput));
    expect(serverTokens([])).toBe(0);
  });
});
