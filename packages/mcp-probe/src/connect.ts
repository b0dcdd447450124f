import { Client, SSEClientTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { ListCache } from "@catalog/contracts";
import type { SafeFetch } from "@catalog/url-policy";
import { z } from "zod";
import { clipText, keepTool, type ProbeLimits } from "./limits.js";

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
  /** What the handshake declared; kept for a late gate, where it is all there is to know. */
  capabilities: Record<string, unknown> | null;
  handshakeMs: number;
};

export type ClientIdentity = { name: string; version: string };

export const CLIENT_INFO: ClientIdentity = { name: "mcp-catalog-prober", version: "1.0.0" };

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
  identity: ClientIdentity = CLIENT_INFO,
): Promise<Session> {
  const client = new Client(identity, {
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
  const info = client.getServerVersion();
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
    capabilities: (client.getServerCapabilities() as Record<string, unknown> | undefined) ?? null,
    handshakeMs,
  };
}

/** Pages are read loosely so that malformed tools reach the quality checks instead of failing the list. */
const ToolsPageSchema = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string() })),
  nextCursor: z.string().optional(),
  ttlMs: z.unknown().optional(),
  cacheScope: z.unknown().optional(),
});

/** The caching a page declares (SEP-2549); a malformed value counts as none. */
function listCache(page: { ttlMs?: unknown; cacheScope?: unknown }): ListCache {
  const ttl = page.ttlMs;
  const scope = page.cacheScope;
  return {
    ttl_ms: typeof ttl === "number" && Number.isSafeInteger(ttl) && ttl >= 0 ? ttl : null,
    cache_scope: scope === "public" || scope === "private" ? scope : null,
  };
}

export type ToolListing = {
  tools: ProbedTool[];
  pages: number;
  ms: number;
  /** Why the list is incomplete: a failed page, or a limit reached while the server listed more. */
  error: string | null;
  /** Kept tools that had a field shortened or left out (see `keepTool`). */
  shortened: number;
  /** The first page's caching; null when no page was read. */
  cache: ListCache | null;
};

/**
 * tools/list, page after page, until the server has no more, or a limit is reached: the page
 * count, the tool count or the bytes of the kept definitions. Paging stops there: the server's
 * remaining pages are not asked for. Each kept tool is cut down to the text and schema limits
 * as it is read. A failure keeps what was read so far.
 */
export async function listTools(
  session: Session,
  limits: ProbeLimits,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<ToolListing> {
  const tools: ProbedTool[] = [];
  const started = performance.now();
  let cursor: string | undefined;
  let pages = 0;
  let bytes = 0;
  let shortened = 0;
  let cache: ListCache | null = null;
  let error: string | null = null;
  try {
    pages: do {
      if (pages === limits.maxToolPages) {
        error = `The tool list has more than ${limits.maxToolPages} pages; only the first ${limits.maxToolPages} were read.`;
        break;
      }
      const page = await session.client.request(
        { method: "tools/list", params: cursor ? { cursor } : {} },
        ToolsPageSchema,
        { timeout: timeoutMs, signal },
      );
      pages++;
      cache ??= listCache(page);
      for (const listed of page.tools as ProbedTool[]) {
        if (tools.length === limits.maxTools) {
          error = `The tool list goes on past ${limits.maxTools} tools; a probe keeps the first ${limits.maxTools}.`;
          break pages;
        }
        const kept = keepTool(listed, limits);
        if (bytes + kept.bytes > limits.maxToolBytes) {
          error = `The tool definitions pass the ${limits.maxToolBytes} bytes a probe keeps after ${tools.length} tool(s); only those are kept.`;
          break pages;
        }
        tools.push(kept.tool);
        bytes += kept.bytes;
        if (kept.shortened) shortened++;
      }
      cursor = page.nextCursor;
      if (cursor && tools.length === limits.maxTools) {
        error = `The tool list goes on past ${limits.maxTools} tools; a probe keeps the first ${limits.maxTools}.`;
        break;
      }
    } while (cursor);
  } catch (err) {
    error = `tools/list failed: ${clipText(String((err as Error).message), 1000)}`;
  }
  return { tools, pages, ms: Math.round(performance.now() - started), error, shortened, cache };
}
