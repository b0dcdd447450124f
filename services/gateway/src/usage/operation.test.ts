import { operationOf } from "./operation.js";

describe("operation of a request", () => {
  it.each([
    ["/v1/search?q=github", "search"],
    ["/v1/servers/io.github.x/tools", "get_server"],
    ["/v1/servers/io.github.x%2Ftools", "get_server"],
    ["/v1/servers/io.github.x/tools/tools?limit=5", "list_tools"],
    ["/v1/servers/io.github.x%2Fy/tools", "list_tools"],
    ["/v1/servers/io.github.x/y/tools/history", "history"],
    ["/v1/servers/io.github.x/y/connection?target=vscode", "get_connection"],
    ["/v1/servers/io.github.x/y/quality", "quality"],
    ["/v1/servers/io.github.x/y/dependencies/", "dependencies"],
    ["/v1/check", "check"],
    ["/v1/check/abc123", "check"],
    ["/mcp", "mcp"],
    ["/v0.1/servers", "registry"],
    ["/v0.1/servers/io.github.x%2Fy/versions/latest", "registry"],
    ["/v1/categories", "other"],
    ["/v1/servers/io.github.x/y/unknown", "other"],
    ["/v1/servers/only-namespace", "other"],
    ["/v1/servers/bad%zz/y", "get_server"],
  ])("%s counts as %s", (path, operation) => {
    expect(operationOf(path)).toBe(operation);
  });
});
