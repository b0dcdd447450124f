import { serverKey } from "@catalog/registry";
import { CONNECTION_TARGETS } from "@catalog/contracts";
import type { ServerJson } from "@catalog/registry";
import { buildConnection, supportedTargets } from "./connection.js";

const server = (parts: Partial<ServerJson>): ServerJson => ({
  name: "io.github.acme/acme-mcp",
  description: "Acme tools",
  version: "1.0.0",
  ...parts,
});

describe("choosing what a config connects to", () => {
  it("prefers a streamable-http remote, then SSE, then packages", () => {
    const s = server({
      packages: [{ registryType: "npm", identifier: "@acme/mcp", version: "1.0.0" }],
      remotes: [
        { type: "sse", url: "https://acme.dev/sse" },
        { type: "streamable-http", url: "https://acme.dev/mcp" },
      ],
    });
    const out = buildConnection(s, "mcpServers");
    expect(out.ok && out.connection.source).toEqual({
      kind: "remote",
      index: 1,
      transport: "streamable-http",
      url: "https://acme.dev/mcp",
    });
    expect(out.ok && out.connection.key).toBe("acme-mcp");
  });

  it("tries the preferred choice first", () => {
    const s = server({
      packages: [{ registryType: "npm", identifier: "@acme/mcp", version: "1.0.0" }],
      remotes: [{ type: "streamable-http", url: "https://acme.dev/mcp" }],
    });
    const out = buildConnection(s, "mcpServers", { kind: "package", index: 0 });
    expect(out.ok && out.connection.kind).toBe("package");
  });

  it("falls back when the client cannot express the preferred choice", () => {
    const s = server({
      packages: [{ registryType: "pypi", identifier: "acme-mcp", version: "1.0.0" }],
      remotes: [{ type: "sse", url: "https://acme.dev/sse" }],
    });
    const out = buildConnection(s, "codex-toml", { kind: "remote", index: 0 });
    expect(out.ok && out.connection.source).toMatchObject({ kind: "package", registryType: "pypi" });
  });

  it("refuses with every reason when nothing can be expressed", () => {
    const s = server({
      packages: [
        { registryType: "mcpb", identifier: "https://acme.dev/a.mcpb", fileSha256: "ab" },
        { registryType: "npm", identifier: "@acme/x", registryBaseUrl: "https://npm.acme.dev" },
      ],
      remotes: [{ type: "sse", url: "https://acme.dev/sse" }],
    });
    expect(buildConnection(s, "goose")).toEqual({
      ok: false,
      reason:
        "Goose has no SSE transport, so it cannot use the sse remote https://acme.dev/sse. " +
        "The npm package @acme/x comes from the registry https://npm.acme.dev, which the launch command does not use. " +
        "Goose cannot install the MCPB bundle https://acme.dev/a.mcpb; open it in Claude Desktop.",
    });
    expect(buildConnection(s, "mcpServers")).toMatchObject({ ok: true, connection: { kind: "remote" } });
  });

  it("connects to a package that serves HTTP at its own URL, never to the remote instead", () => {
    const s = server({
      packages: [
        {
          registryType: "npm",
          identifier: "@acme/http",
          version: "1.0.0",
          transport: { type: "streamable-http", url: "http://localhost:{port}/mcp" },
          packageArguments: [{ type: "named", name: "--port", default: "3000", isRequired: true }],
        },
      ],
      remotes: [{ type: "streamable-http", url: "https://acme.dev/mcp" }],
    });
    const out = buildConnection(s, "mcpServers", { kind: "package", index: 0 });
    expect(out).toMatchObject({
      ok: true,
      connection: {
        kind: "package",
        source: { kind: "package", identifier: "@acme/http" },
        config: { mcpServers: { [serverKey(s.name)]: { type: "http", url: "http://localhost:3000/mcp" } } },
      },
    });
  });

  it("says so when a server lists nothing to connect to", () => {
    expect(buildConnection(server({}), "vscode")).toEqual({
      ok: false,
      reason: "The server lists no remote and no package.",
    });
    expect(supportedTargets(server({}), CONNECTION_TARGETS)).toEqual([]);
  });

  it("lists the targets that can express a server", () => {
    const s = server({ remotes: [{ type: "sse", url: "https://acme.dev/sse" }] });
    expect(supportedTargets(s, CONNECTION_TARGETS)).toEqual([
      "mcpServers",
      "vscode",
      "cursor",
      "claude-code-cli",
      "gemini",
      "antigravity",
    ]);
  });

  it("refuses a package type without a launch command", () => {
    const s = server({ packages: [{ registryType: "cargo", identifier: "acme-mcp" }] });
    expect(buildConnection(s, "mcpServers")).toEqual({
      ok: false,
      reason: 'Packages of type "cargo" have no launch command.',
    });
  });
});
