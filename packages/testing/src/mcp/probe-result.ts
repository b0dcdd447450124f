import { noProbeAuth, type ProbeResult } from "@catalog/contracts";

/** A probe of a healthy, open, current server; tests override what they look at. */
export function okProbe(overrides: Partial<ProbeResult> = {}): ProbeResult {
  return {
    url: "https://mcp.example.com/mcp",
    final_url: "https://mcp.example.com/mcp",
    outcome: "ok",
    detail: "Answered MCP 2026-07-28 over streamable-http with 1 tool(s).",
    transport: "streamable-http",
    protocol: { era: "modern", version: "2026-07-28", supported_versions: ["2026-07-28"] },
    server_info: {
      name: "weather",
      version: "1.0.0",
      title: null,
      description: "Weather forecasts for cities.",
    },
    auth: noProbeAuth(),
    tools: [],
    tool_count: 1,
    tool_pages: 1,
    tools_error: null,
    redirects: [],
    http_status: 200,
    timings: { total_ms: 120, handshake_ms: 80, tools_ms: 30 },
    started_at: "2026-11-21T10:00:00.000Z",
    finished_at: "2026-11-21T10:00:00.120Z",
    ...overrides,
  };
}
