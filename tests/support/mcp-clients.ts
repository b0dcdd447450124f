import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  Client,
  StreamableHTTPClientTransport,
  type VersionNegotiationMode,
} from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export type ListedTool = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
};

export type ToolCallResult = {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** One MCP client library, connected to the endpoint, behind the calls the tests make. */
export type McpTestClient = {
  era: "modern" | "legacy";
  protocolVersion: string | undefined;
  instructions: string | undefined;
  listTools: () => Promise<ListedTool[]>;
  callTool: (name: string, args: Record<string, unknown>) => Promise<ToolCallResult>;
  close: () => Promise<void>;
};

const CLIENT_INFO = { name: "catalog-mcp-tests", version: "1.0.0" };

/** The v2 client (`@modelcontextprotocol/client`) with the given version negotiation. */
export async function connectV2(url: string, mode: VersionNegotiationMode): Promise<McpTestClient> {
  const client = new Client(CLIENT_INFO, { versionNegotiation: { mode } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    era: client.getProtocolEra() ?? "legacy",
    protocolVersion: client.getNegotiatedProtocolVersion(),
    instructions: client.getInstructions(),
    listTools: async () => (await client.listTools()).tools as ListedTool[],
    callTool: async (name, args) => (await client.callTool({ name, arguments: args })) as ToolCallResult,
    close: () => client.close(),
  };
}

/** The 1.x SDK client (`@modelcontextprotocol/sdk`): the initialize handshake, 2025-11-25. */
export async function connectV1(url: string): Promise<McpTestClient> {
  const client = new V1Client(CLIENT_INFO);
  const transport = new V1Transport(new URL(url));
  await client.connect(transport);
  return {
    era: "legacy",
    protocolVersion: transport.protocolVersion,
    instructions: client.getInstructions(),
    listTools: async () => (await client.listTools()).tools as ListedTool[],
    callTool: async (name, args) => (await client.callTool({ name, arguments: args })) as ToolCallResult,
    close: () => client.close(),
  };
}

const require = createRequire(import.meta.url);

/** A package's command-line entry point, from its package.json `bin`. */
function binOf(pkg: string, bin: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const bins = (JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), bins[bin] ?? "");
}

export type CliRun = { code: number; stdout: string; stderr: string };

/** Runs a package's CLI with this Node, in a scratch home (the inspector keeps a catalog file there). */
export function runCli(pkg: string, bin: string, args: string[], timeoutMs = 60_000): Promise<CliRun> {
  const home = mkdtempSync(join(tmpdir(), "mcp-cli-"));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [binOf(pkg, bin), ...args],
      { env: { ...process.env, HOME: home, NO_COLOR: "1" }, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The MCP Inspector's CLI mode (`mcp-inspector --cli`), JSON output, against an HTTP URL. */
export function inspector(url: string, era: "modern" | "legacy", args: string[]): Promise<CliRun> {
  return runCli("@modelcontextprotocol/inspector", "mcp-inspector", [
    "--cli",
    url,
    "--transport",
    "http",
    "--protocol-era",
    era,
    "--format",
    "json",
    ...args,
  ]);
}
