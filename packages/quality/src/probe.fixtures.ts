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
    tools: [goodTool()],
    stability: null,
    advisories: null,
    ...overrides,
  };
}

export { okProbe };
