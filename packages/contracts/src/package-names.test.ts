import { PackageRequestSchema } from "./introspection.js";

/** The fields a package request is refused on (none: accepted). */
const refused = (registry_type: string, identifier: string, version?: string) => {
  const parsed = PackageRequestSchema.safeParse({ registry_type, identifier, version });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."));
};

describe("a package request, held to its registry's rules", () => {
  it.each([
    ["npm", "weather-mcp", "1.2.3"],
    ["npm", "@modelcontextprotocol/server-filesystem", "2025.8.21"],
    ["npm", "a.b_c~d", "1.0.0-rc.1+build.5"],
    ["npm", "weather-mcp", undefined],
    ["pypi", "mcp-server-git", "2025.1.14"],
    ["pypi", "Weather_MCP.server", "1.0.post1"],
    ["nuget", "Microsoft.Mcp.Server", "1.2.3.4"],
    ["oci", "ghcr.io/github/github-mcp-server", "v0.8.0"],
    ["oci", "docker.io/mcp/fetch:latest", undefined],
    ["mcpb", "https://github.com/o/r/releases/download/v1/server.mcpb", "1.0.0"],
  ])("accepts %s %s %s", (registry, identifier, version) => {
    expect(refused(registry, identifier, version)).toEqual([]);
  });

  it.each([
    ["cargo", "weather", undefined, "registry_type"],
    ["npm", "Weather", undefined, "identifier"],
    ["npm", "weather mcp", undefined, "identifier"],
    ["npm", ".hidden", undefined, "identifier"],
    ["npm", `a${"b".repeat(214)}`, undefined, "identifier"],
    ["npm", "weather-mcp", "^1.0.0", "version"],
    ["npm", "weather-mcp", "latest", "version"],
    ["npm", "weather-mcp", "v1.0.0", "version"],
    ["npm", "weather-mcp", " 1.0.0", "version"],
    ["npm", "weather-mcp", "01.0.0", "version"],
    ["pypi", "-weather", undefined, "identifier"],
    ["pypi", "weather", ">=1.0", "version"],
    ["nuget", "Weather..Server", undefined, "identifier"],
    ["oci", "Docker.io/UPPER/Case", undefined, "identifier"],
    ["oci", "mcp/fetch", "-tag", "version"],
    ["mcpb", "http://example.com/server.mcpb", undefined, "identifier"],
    ["mcpb", "https://example.com/a b.mcpb", undefined, "identifier"],
    ["mcpb", "https://example.com/\tserver.mcpb", undefined, "identifier"],
  ])("refuses %s %s %s on its %s", (registry, identifier, version, field) => {
    expect(refused(registry, identifier, version)).toEqual([field]);
  });
});
