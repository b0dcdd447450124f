import { live, sighting, standings, type TrustFlagDefinition } from "../types.js";

export const deprecatedTransport: TrustFlagDefinition = {
  flag: "deprecated_transport",
  weight: -5,
  meaning:
    "Every live remote answers MCP only over HTTP+SSE, the 2024-11-05 transport deprecated since 2025-03-26 (streamable HTTP did not answer): clients are dropping it, so the listing may stop working in them.",
  detect: (input) => {
    const answering = standings(input).filter(live);
    // One remote on streamable HTTP is enough for a client: the listing is not stuck on SSE.
    if (answering.length === 0 || answering.some((s) => s.observed.transport !== "sse")) return null;
    return {
      remotes: answering.map((s) => ({
        ...sighting(s.observed),
        transport: "sse",
        streamable_http: "did not answer MCP",
      })),
    };
  },
};
