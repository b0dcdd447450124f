import { z } from "zod";
import { encodeCursor } from "./cursor.js";
import { MCP_TOOL_SCHEMAS } from "./mcp-tools.js";

const args = MCP_TOOL_SCHEMAS;

describe("MCP tool arguments", () => {
  it("accept every next action the REST bodies suggest, as they are", () => {
    const actions: [keyof typeof args, Record<string, unknown>][] = [
      ["search", { q: "send a message" }],
      ["search", { q: "Customer records", category: "crm-sales" }],
      ["get_server", { name: "io.github.owner/server" }],
      ["list_tools", { name: "io.github.owner/server" }],
      ["list_tools", { name: "io.github.owner/server", cursor: encodeCursor(["get_forecast"]) }],
      ["get_connection", { name: "io.github.owner/server", target: "codex-toml" }],
      ["check_server", { url: "https://example.com/mcp" }],
      ["check_server", { id: "AAAAAAAAAAAAAAAAAAAAAA", wait: 25 }],
    ];
    for (const [tool, sent] of actions)
      expect([tool, args[tool].arguments.safeParse(sent).success]).toEqual([tool, true]);
  });

  it("take arrays where REST takes comma lists, and fill the REST defaults", () => {
    const search = args.search.arguments;
    expect(search.parse({ q: " weather ", class: ["R0", "L0"], flags: ["owner_verified"] })).toEqual({
      q: "weather",
      detail: "full",
      limit: 10,
      class: ["R0", "L0"],
      flags: ["owner_verified"],
      full: false,
    });
    expect(search.parse({ intents: ["fetch a web page", "write a file"] }).intents).toHaveLength(2);
    expect(search.safeParse({ limit: 5 }).success).toBe(false);
    expect(search.safeParse({ intents: [] }).success).toBe(false);
    expect(search.safeParse({ q: "x", intents: Array(9).fill("step") }).success).toBe(false);
    expect(search.safeParse({ q: "x", detail: "tiny" }).success).toBe(false);
    expect(search.safeParse({ q: "weather", class: "R0,L0" }).success).toBe(false);
    expect(args.list_tools.arguments.parse({ name: "a.b/c", cursor: encodeCursor(["x"]) })).toEqual({
      name: "a.b/c",
      limit: 100,
      cursor: ["x"],
      schemas: false,
      full: false,
    });
    expect(args.get_connection.arguments.parse({ name: "a.b/c" }).target).toBe("mcpServers");
    expect(args.check_server.arguments.parse({ url: "https://example.com/mcp" }).wait).toBe(25);
  });

  it("report bad arguments as REST does, per field", () => {
    const fieldErrors = (tool: keyof typeof args, sent: unknown) => {
      const parsed = (args[tool].arguments as z.ZodType).safeParse(sent);
      return parsed.success ? {} : z.flattenError(parsed.error).fieldErrors;
    };
    expect(fieldErrors("check_server", {})).toEqual({ url: [expect.stringMatching(/either url .* or id/)] });
    expect(Object.keys(fieldErrors("check_server", { url: "https://a.b/mcp", id: "x" }))).toEqual(["url"]);
    const npm = { registry_type: "npm", identifier: "weather-mcp" };
    expect(Object.keys(fieldErrors("check_server", { url: "https://a.b/mcp", package: npm }))).toEqual([
      "url",
    ]);
    expect(fieldErrors("check_server", { package: { ...npm, identifier: "Weather MCP" } })).toEqual({
      package: ["is not an npm package name"],
    });
    expect(Object.keys(fieldErrors("list_tools", { name: "a.b/c", cursor: "nope" }))).toEqual(["cursor"]);
    expect(Object.keys(fieldErrors("search", { q: "", limit: 51 })).sort()).toEqual(["limit", "q"]);
  });
});

describe("MCP tool results", () => {
  it("are the REST body, or an error body naming one of the tool's error codes", () => {
    const result = args.get_connection.result;
    const refused = { error: "no_connection", reason: "no usable remote", next_actions: [] };
    expect(result.safeParse(refused).success).toBe(true);
    expect(result.safeParse({ ...refused, error: "check_not_found" }).success).toBe(false);
    expect(
      result.safeParse({ error: "bad_request", issues: { fieldErrors: {} }, next_actions: [] }).success,
    ).toBe(true);
    expect(result.safeParse({ error: "internal", request_id: "r-1", next_actions: [] }).success).toBe(true);
    expect(result.safeParse({ server: "a.b/c" }).success).toBe(false);
  });
});
