import { encodeCursor } from "../cursor.js";
import type { MCP_TOOL_SCHEMAS } from "../mcp-tools.js";
import { OPERATIONS } from "./all.js";
import { nextAction, restRequest } from "./next-action.js";
import { matchOperation } from "./paths.js";

const NAME = "io.github.owner/server";

describe("next actions' REST form", () => {
  it("puts a server name in the path with its slash as %2F and the rest in the query", () => {
    expect(restRequest("get_connection", { name: NAME, target: "vscode" })).toEqual({
      method: "GET",
      path: "/v1/servers/io.github.owner%2Fserver/connection?target=vscode",
    });
    expect(restRequest("get_server", { name: NAME })).toEqual({
      method: "GET",
      path: "/v1/servers/io.github.owner%2Fserver",
    });
    const cursor = encodeCursor(["get_forecast"]);
    expect(restRequest("list_tools", { name: NAME, cursor }).path).toBe(
      `/v1/servers/io.github.owner%2Fserver/tools?cursor=${cursor}`,
    );
  });

  it("sends lists as comma lists and encodes free text", () => {
    expect(
      restRequest("search", { q: "send a message & more", class: ["R0", "L0"], category: "crm-sales" }),
    ).toEqual({
      method: "GET",
      path: "/v1/search?q=send+a+message+%26+more&class=R0%2CL0&category=crm-sales",
    });
  });

  it("starts a check with a POST body, and reads one by its id", () => {
    expect(restRequest("check_server", { url: "https://example.com/mcp", wait: 25 })).toEqual({
      method: "POST",
      path: "/v1/check?wait=25",
      body: { url: "https://example.com/mcp" },
    });
    expect(restRequest("check_server", { id: "AAAAAAAAAAAAAAAAAAAAAA", wait: 25 })).toEqual({
      method: "GET",
      path: "/v1/check/AAAAAAAAAAAAAAAAAAAAAA?wait=25",
    });
  });

  it("names an operation whose query accepts what it sends, for every tool", () => {
    const samples: [keyof typeof MCP_TOOL_SCHEMAS, Record<string, unknown>][] = [
      ["search", { q: "weather", limit: 5, flags: ["owner_verified"], min_trust: 40 }],
      ["get_server", { name: NAME, schemas: true }],
      ["list_tools", { name: NAME, limit: 20 }],
      ["get_connection", { name: NAME, target: "codex-toml" }],
      ["check_server", { url: "https://example.com/mcp" }],
      ["check_server", { id: "AAAAAAAAAAAAAAAAAAAAAA" }],
    ];
    for (const [action, args] of samples) {
      const { request } = nextAction(action, args);
      const url = new URL(request.path, "http://catalog.test");
      const op = matchOperation(OPERATIONS, request.method, url.pathname);
      expect([action, op?.mcp?.name]).toEqual([action, action]);
      const query = op?.query?.safeParse(Object.fromEntries(url.searchParams));
      expect([action, query?.success ?? true]).toEqual([action, true]);
      if (request.body) expect(op?.body?.safeParse(request.body).success).toBe(true);
    }
  });
});
