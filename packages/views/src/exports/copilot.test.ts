import type { ServerJson } from "@catalog/registry";
import { copilot } from "./copilot.js";

const server = (name: string, parts: Partial<ServerJson>) => ({
  name,
  server: { name, description: "d", version: "1.0.0", ...parts } as ServerJson,
});
const remote = (url: string) => ({ remotes: [{ type: "streamable-http" as const, url }] });
const npm = (identifier: string) => ({
  packages: [{ registryType: "npm", identifier, version: "1.0.0", transport: { type: "stdio" as const } }],
});

const REGISTRY = "https://catalog.example/views/v";

test("allows the view's servers by URL and exact command, denies those excluded for a risk flag", () => {
  const out = copilot({
    registryUrl: REGISTRY,
    servers: [
      server("com.acme/remote", remote("https://mcp.acme.com/mcp")),
      server("io.github.acme/local", npm("@acme/mcp")),
    ],
    excluded: [
      {
        ...server("com.evil/remote", remote("https://{tenant}.evil.example/mcp")),
        flags: ["tool_poisoning"],
      },
      { ...server("io.github.evil/local", npm("@evil/mcp")), flags: ["hidden_content"] },
    ],
  });
  expect(out.file).toEqual({
    allowedMcpServers: [
      { serverUrl: "https://mcp.acme.com/mcp" },
      { serverCommand: ["npx", "-y", "@acme/mcp@1.0.0"] },
    ],
    deniedMcpServers: [
      { serverUrl: "https://*.evil.example/mcp" },
      { serverCommand: ["npx", "-y", "@evil/mcp@1.0.0"] },
    ],
  });
  expect(out.omitted).toEqual([]);
  expect(out.paths).toEqual({});
  const notes = out.notes.join(" ");
  expect(notes).toMatch(/managed-settings\.json in the enterprise's \.github-private repository/);
  expect(notes).toMatch(/Turn OFF "Restrict MCP access to registry servers"/);
});

test("says which server of the view a deny entry blocks too", () => {
  const out = copilot({
    registryUrl: REGISTRY,
    servers: [server("com.acme/shared", remote("https://eu.shared.example/mcp"))],
    excluded: [
      { ...server("com.evil/shared", remote("https://{region}.shared.example/mcp")), flags: ["blocked"] },
    ],
  });
  expect(out.omitted).toEqual([{ name: "com.acme/shared", reason: expect.stringMatching(/deny-list wins/) }]);
});

test("writes an empty deny-list for a view that excludes nothing for a flag", () => {
  const out = copilot({ registryUrl: REGISTRY, servers: [] });
  expect(out.file).toEqual({ allowedMcpServers: [], deniedMcpServers: [] });
});

test("writes no deny entry for the local address of a package the user starts", () => {
  const served = {
    packages: [
      {
        registryType: "npm",
        identifier: "@evil/http",
        version: "1.0.0",
        transport: { type: "streamable-http" as const, url: "http://localhost:3000/mcp" },
      },
    ],
  };
  const out = copilot({
    registryUrl: REGISTRY,
    servers: [
      server("io.github.good/http", {
        ...served,
        packages: [{ ...served.packages[0]!, identifier: "@good/http" }],
      }),
    ],
    excluded: [{ ...server("io.github.evil/http", served), flags: ["tool_poisoning"] }],
  });
  expect(out.file).toMatchObject({ deniedMcpServers: [] });
  expect(out.omitted).toEqual([]);
});
