import { noProbeAuth, type ProbeOutcome, type ProbeResult } from "@catalog/contracts";

/**
 * The result of a probe that learnt nothing of the server: every field at its neutral value,
 * with the outcome and the sentence that says why. A probe builds its result over this; the
 * prober uses it alone for a check it gives up on.
 */
export function unreachedResult(
  url: string,
  verdict: { outcome: ProbeOutcome; detail: string },
  startedAt: Date,
  finishedAt: Date = startedAt,
): ProbeResult {
  return {
    url,
    final_url: url,
    ...verdict,
    transport: null,
    protocol: { era: null, version: null, supported_versions: [] },
    server_info: null,
    auth: noProbeAuth(),
    tools: [],
    tool_count: 0,
    tool_pages: 0,
    tools_error: null,
    redirects: [],
    http_status: null,
    timings: { total_ms: finishedAt.getTime() - startedAt.getTime(), handshake_ms: null, tools_ms: null },
    started_at: startedAt.toISOString(),
    finished_at: finishedAt.toISOString(),
    cloaking: null,
    access: null,
    capabilities: null,
    tools_cache: null,
    tools_reused_until: null,
  };
}
