import type { ProbeOutcome, ProbeResult } from "@catalog/contracts";
import { okProbe } from "@catalog/testing/mcp";
import type { QualityInput, QualityTool } from "./types.js";

export function goodTool(overrides: Partial<QualityTool> = {}): QualityTool {
  return {
    name: "get_forecast",
    title: "Get forecast",
    description: "Returns the weather forecast for a city.",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    annotations: { title: "Get forecast", readOnlyHint: true },
    ...overrides,
  };
}

export function input(overrides: Partial<QualityInput> = {}): QualityInput {
  return {
    description: "Weather forecasts for cities.",
    probe: okProbe(),
    latestFailure: null,
    tools: [goodTool()],
    stability: null,
    advisories: null,
    ...overrides,
  };
}

/** A probe that got no MCP answer, started at `at`. */
export function failedProbe(outcome: ProbeOutcome, at = "2026-11-22T10:00:00.000Z"): ProbeResult {
  return okProbe({
    outcome,
    detail: `The probe ended with ${outcome}.`,
    transport: null,
    protocol: { era: null, version: null, supported_versions: [] },
    server_info: null,
    tool_count: 0,
    tool_pages: 0,
    http_status: null,
    timings: { total_ms: 15000, handshake_ms: null, tools_ms: null },
    started_at: at,
  });
}

export { okProbe };
