import { Client, SSEClientTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { SafeFetch } from "@catalog/url-policy";
import { z } from "zod";

export type Transport = "streamable-http" | "sse";

/** A tool as listed, kept whole (schemas included) for the quality checks and the catalog. */
export type ProbedTool = { name: string } & Record<string, unknown>;

export type Session = {
  client: Client;
  transport: Transport;
  era: "modern" | "legacy";
  version: string | null;
  supportedVersions: string[];
  serverInfo: { name: string; version: string; title: string | null; description: string | null } | null;
  handshakeMs: number;
};

export const CLIENT_INFO = { name: "mcp-catalog-prober", version: "1.0.0" };

/**
 * Opens an MCP session with the v2 client. Streamable HTTP negotiates the era itself
 * (`auto`: server/discover first, then the initialize handshake); the legacy HTTP+SSE
 * transport predates 2026-07-28, so it goes straight to initialize.
 */
export async function openSession(
  transport: Transport,
  url: URL,
  fetch: SafeFetch,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<Session> {
  const client = new Client(CLIENT_INFO, {
    versionNegotiation: { mode: transport === "sse" ? "legacy" : "auto", probe: { timeoutMs } },
  });
  client.onerror = () => undefined; // a failed background stream is not the probe's concern
  const wire =
    transport === "sse"
      ? new SSEClientTransport(url, { fetch, redirectPolicy: "follow" })
      : new StreamableHTTPClientTransport(url, {
          fetch,
          redirectPolicy: "follow",
          reconnectionOptions: {
            maxRetries: 0,
            initialReconnectionDelay: 1000,
            maxReconnectionDelay: 1000,
            reconnectionDelayGrowFactor: 1,
          },
        });
  const started = performance.now();
  try {
    await client.connect(wire, { timeout: timeoutMs, signal });
  } catch (err) {
    await client.close().catch(() => undefined);
    throw err;
  }
  const handshakeMs = Math.round(performance.now() - started);
  const era = client.getProtocolEra() ?? "legacy";
  const info = client.getServerVersion() as
    { name: string; version: string; title?: string; description?: string } | undefined;
  return {
    client,
    transport,
    era,
    version: client.getNegotiatedProtocolVersion() ?? null,
    supportedVersions: client.getDiscoverResult()?.supportedVersions ?? [],
    serverInfo: info
      ? {
          name: info.name,
          version: info.version,
          title: info.title ?? null,
          description: info.description ?? null,
        }
      : null,
    handshakeMs,
  };
}

/** Pages are read loosely so that malformed tools reach the quality checks instead of failing the list. */
const ToolsPageSchema = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string() })),
  nextCursor: z.string().optional(),
});

export type ToolListing = { tools: ProbedTool[]; pages: number; ms: number; error: string | null };

/** tools/list, every page, up to `maxPages`; a failure keeps what was read so far. */
export async function listTools(
  session: Session,
  maxPages: number,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<ToolListing> {
  const tools: ProbedTool[] = [];
  const started = performance.now();
  let cursor: string | undefined;
  let pages = 0;
  let error: string | null = null;
  try {
    do {
      if (pages === maxPages) {
        error = `The tool list has more than ${maxPages} pages; only the first ${maxPages} were read.`;
        break;
      }
      const page = await session.client.request(
        { method: "tools/list", params: cursor ? { cursor } : {} },
        ToolsPageSchema,
        { timeout: timeoutMs, signal },
      );
      pages++;
      tools.push(...(page.tools as ProbedTool[]));
      cursor = page.nextCursor;
    } while (cursor);
  } catch (err) {
    error = `tools/list failed: ${(err as Error).message}`;
  }
  return { tools, pages, ms: Math.round(performance.now() - started), error };
}
