import type { ServerJson } from "@catalog/registry";
import { claudeCode } from "./claude-code.js";

const server = (name: string, parts: Partial<ServerJson>): { name: string; server: ServerJson } => ({
  name,
  server: { name, description: "d", version: "1.0.0", ...parts } as ServerJson,
});

const REGISTRY = "https://catalog.example/views/v";

test("admits remotes by URL, templated ones by wildcard, and packages by their exact command", () => {
  const out = claudeCode({
    registryUrl: REGISTRY,
    servers: [
      server("com.acme/remote", {
        remotes: [
          { type: "streamable-http", url: "https://mcp.acme.com/mcp" },
          {
            type: "sse",
            url: "https://{tenant}.acme.com/sse",
            variables: { tenant: { description: "Your tenant", isRequired: true } },
          },
        ],
      }),
      server("io.github.acme/local", {
        packages: [
          { registryType: "npm", identifier: "@acme/mcp", version: "1.4.0", transport: { type: "stdio" } },
        ],
      }),
    ],
  });
  expect(out.file).toEqual({
    allowedMcpServers: [
      { serverUrl: "https://mcp.acme.com/mcp" },
      { serverUrl: "https://*.acme.com/sse" },
      { serverCommand: ["npx", "-y", "@acme/mcp@1.4.0"] },
    ],
    allowManagedMcpServersOnly: true,
  });
  expect(out.omitted).toEqual([]);
  expect(out.paths.linux).toBe("/etc/claude-code/managed-settings.json");
});

test("omits, with the reason, a server whose only launch takes values the user supplies", () => {
  const out = claudeCode({
    registryUrl: REGISTRY,
    servers: [
      server("io.github.acme/files", {
        packages: [
          {
            registryType: "npm",
            identifier: "@acme/files",
            version: "2.0.0",
            transport: { type: "stdio" },
            packageArguments: [{ type: "positional", valueHint: "directory", isRequired: true }],
          },
        ],
      }),
      server("io.github.acme/nothing", {}),
    ],
  });
  expect((out.file as { allowedMcpServers: unknown[] }).allowedMcpServers).toEqual([]);
  expect(out.omitted).toEqual([
    { name: "io.github.acme/files", reason: expect.stringMatching(/values the user supplies/) },
    { name: "io.github.acme/nothing", reason: expect.stringMatching(/no remote and no package/) },
  ]);
});

test("lists an entry shared by two servers once", () => {
  const remote = { remotes: [{ type: "streamable-http" as const, url: "https://mcp.acme.com/mcp" }] };
  const out = claudeCode({
    registryUrl: REGISTRY,
    servers: [server("com.acme/a", remote), server("com.acme/b", remote)],
  });
  expect((out.file as { allowedMcpServers: unknown[] }).allowedMcpServers).toHaveLength(1);
});

test("denies the servers the view excludes for a risk flag, as Copilot's file does", () => {
  const out = claudeCode({
    registryUrl: REGISTRY,
    servers: [],
    excluded: [
      {
        ...server("com.evil/remote", {
          remotes: [{ type: "streamable-http", url: "https://evil.example/mcp" }],
        }),
        flags: ["tool_poisoning"],
      },
    ],
  });
  expect(out.file).toEqual({
    allowedMcpServers: [],
    deniedMcpServers: [{ serverUrl: "https://evil.example/mcp" }],
    allowManagedMcpServersOnly: true,
  });
});
