import { OPERATIONS } from "./index.js";
import { fillPath, matchOperation, matchPath, pathPattern } from "./paths.js";

describe("operations' paths", () => {
  it.each([
    ["GET", "/v1/servers/io.github.x/tools", "/v1/servers/{name}"],
    ["GET", "/v1/servers/io.github.x%2Ftools", "/v1/servers/{name}"],
    ["GET", "/v1/servers/io.github.x/tools/tools", "/v1/servers/{name}/tools"],
    ["HEAD", "/v1/servers/io.github.x%2Fy/tools/history/", "/v1/servers/{name}/tools/history"],
    ["GET", "/v1/servers/a/b/connection?target=vscode", "/v1/servers/{name}/connection"],
    ["GET", "/v0.1/servers/a%2Fb/versions/latest", "/v0.1/servers/{serverName}/versions/{version}"],
    ["POST", "/v1/check", "/v1/check"],
    ["GET", "/v1/check/abc", "/v1/check/{id}"],
    ["POST", "/account/keys/k1/revoke", "/account/keys/{id}/revoke"],
    ["GET", "/admin/queues/api/queues", "/admin/queues"],
    ["GET", "/docs/assets/swagger-ui.css", "/docs"],
    ["GET", "/", "/"],
  ])("%s %s is %s", (method, path, template) => {
    expect(matchOperation(OPERATIONS, method, path)?.path).toBe(template);
  });

  it.each([
    "/v1/servers/only-namespace",
    "/v1/servers/a/tools/history",
    "/v1/servers/a/b/c/d",
    "/v2/search",
    "/v1/check/a/b",
  ])("%s is no operation", (path) => {
    expect(matchPath(OPERATIONS, path)).toBeUndefined();
  });

  it("a wrong method finds no operation but the path still names its route", () => {
    expect(matchOperation(OPERATIONS, "PUT", "/mcp")).toBeUndefined();
    expect(matchOperation(OPERATIONS, "GET", "/mcp")?.id).toBe("mcpStream");
    expect(matchPath(OPERATIONS, "/mcp")?.path).toBe("/mcp");
  });

  it("fills a template with server names' slash as %2F", () => {
    expect(fillPath("/v1/servers/{name}/tools", { name: "io.github.x/y" })).toBe(
      "/v1/servers/io.github.x%2Fy/tools",
    );
    expect(pathPattern({ path: "/v1/check/{id}" }).test("/v1/check/x%2Fy")).toBe(true);
  });

  it("declares each operation once: ids and method-path pairs are unique", () => {
    expect(new Set(OPERATIONS.map((o) => o.id)).size).toBe(OPERATIONS.length);
    expect(new Set(OPERATIONS.map((o) => `${o.method} ${o.path}`)).size).toBe(OPERATIONS.length);
  });
});
