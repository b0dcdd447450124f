import { z } from "zod";
import { explainIssue, wholeNumber } from "./explain.js";
import { ConnectionQuerySchema } from "./connection.js";
import { SearchQuerySchema } from "./search.js";

const messages = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : z.flattenError(parsed.error, explainIssue).fieldErrors;
};

describe("errors that explain", () => {
  it.each(["0", "51", "1.5", "ten"])("limit=%s says the range", (limit) => {
    expect(messages(SearchQuerySchema, { q: "slack", limit })).toEqual({
      limit: ["limit must be a whole number from 1 to 50"],
    });
  });

  it("a missing or empty query says it is required or empty", () => {
    expect(messages(SearchQuerySchema, {})).toEqual({ q: ["q is required unless intents are given"] });
    expect(messages(SearchQuerySchema, { intents: ["a", " "] })).toEqual({
      intents: ["intents.1 must not be empty"],
    });
    expect(messages(SearchQuerySchema, { q: "  " })).toEqual({ q: ["q must not be empty"] });
    expect(messages(SearchQuerySchema, { q: "x".repeat(501) })).toEqual({
      q: ["q must be at most 500 characters long"],
    });
  });

  it("an unknown choice lists the choices", () => {
    const { target } = messages(ConnectionQuerySchema, { target: "emacs" }) as { target?: string[] };
    expect(target?.[0]).toMatch(/^target must be one of: mcpServers, .*goose/);
  });

  it("a schema's own message follows the field name", () => {
    expect(messages(SearchQuerySchema, { q: "x", class: "," })).toEqual({
      class: ["class must be a comma list of R0, R1, R2, L0, unknown"],
    });
  });

  it("a nested field is named by its path; a missing object field is required", () => {
    const schema = z.object({ filters: z.object({ min_trust: wholeNumber(0, 100) }), url: z.string() });
    expect(messages(schema, { filters: { min_trust: 101 } })).toEqual({
      filters: ["filters.min_trust must be a whole number from 0 to 100"],
      url: ["url is required"],
    });
  });
});
