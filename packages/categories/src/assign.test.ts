import { assignCategories, keywordPoints } from "./assign.js";
import type { AssignableCategory } from "./keywords.js";
import type { CategoryInput } from "./text.js";

const server = (description: string, tools: CategoryInput["tools"] = []): CategoryInput => ({
  name: "io.github.someone/thing",
  title: null,
  description,
  tools,
});
const sims = (entries: [AssignableCategory, number][]) => new Map(entries);

describe("keyword rules", () => {
  it("count a keyword in the server's own text twice as much as one in its tools", () => {
    const points = keywordPoints(
      server("Query PostgreSQL from your agent", [{ name: "send_slack", description: "Post to Slack" }]),
    );
    expect(points.get("databases")).toBe(2);
    expect(points.get("communication")).toBe(1);
  });
  it("match whole words and phrases only, across separators", () => {
    expect(keywordPoints(server("Grants a gift")).has("security")).toBe(false);
    expect(keywordPoints(server("A web-search tool")).get("search-web")).toBe(2);
    expect(keywordPoints(server("web_search over the internet")).get("search-web")).toBe(2);
  });
  it("read the server name as words", () => {
    expect(keywordPoints({ ...server(""), name: "com.example/postgres-mcp" }).get("databases")).toBe(2);
  });
});

describe("assignCategories", () => {
  it("answers other when nothing qualifies", () => {
    expect(assignCategories(server("Says hello"), null)).toEqual(["other"]);
    expect(assignCategories(server("Says hello"), sims([["ai-ml", 0.01]]))).toEqual(["other"]);
  });

  it("keeps keyword categories as a floor without a model", () => {
    expect(assignCategories(server("Query PostgreSQL and MySQL"), null)).toEqual(["databases"]);
  });

  it("adds the most similar categories within the margin of the best one", () => {
    const result = assignCategories(
      server("Something about charts"),
      sims([
        ["data-analytics", 0.2],
        ["databases", 0.19],
        ["finance", 0.15],
      ]),
    );
    expect(result).toEqual(["data-analytics", "databases"]);
  });

  it("keeps a keyword category the model ranks low, ranked after closer ones", () => {
    const result = assignCategories(
      server("Sends a Slack message when a chart changes"),
      sims([
        ["data-analytics", 0.2],
        ["communication", 0.01],
      ]),
    );
    expect(result).toEqual(["data-analytics", "communication"]);
  });

  it("gives at most three categories", () => {
    const result = assignCategories(
      server("Slack, PostgreSQL, Stripe, GitHub and Figma in one"),
      sims([["finance", 0.3]]),
    );
    expect(result).toHaveLength(3);
    expect(result[0]).toBe("finance");
  });

  it("is not moved by float noise below four decimals", () => {
    const a = assignCategories(
      server("x"),
      sims([
        ["ai-ml", 0.1],
        ["health", 0.08000001],
      ]),
    );
    const b = assignCategories(
      server("x"),
      sims([
        ["ai-ml", 0.1],
        ["health", 0.07999999],
      ]),
    );
    expect(a).toEqual(b);
  });
});
