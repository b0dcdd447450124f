import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { systemClock } from "./time/clock.js";
import { createMetrics } from "@catalog/observability";
import { createApp, limitSettings, type GatewayDeps } from "./app.js";
import { weakEtag } from "./http/conditional.js";
import { LimitsService } from "./limits/limits.service.js";
import { keptCallLane } from "./mcp/kept-call-lane.js";
import { fastLane } from "./read-cache/fast-lane.js";
import { ReadCache } from "./read-cache/read-cache.js";

/**
 * The gateway as the HTTP server runs it: the fast lane (read-cache/fast-lane.ts) in front of
 * the app, sharing its read cache, metrics and anonymous limits. `createApp` alone answers the
 * same, every request through Express.
 */
export function createGateway(
  deps: GatewayDeps,
): RequestListener<typeof IncomingMessage, typeof ServerResponse> {
  const shared: GatewayDeps = {
    ...deps,
    metrics: deps.metrics ?? createMetrics("gateway"),
    readCache: deps.readCache ?? ReadCache.disabled(weakEtag),
  };
  const app = createApp(shared);
  const { config, bus } = deps;
  const limits = config.RATE_LIMIT_ENABLED
    ? new LimitsService(bus.redis(), bus.prefix, limitSettings(config), deps.clock ?? systemClock)
    : undefined;
  const front = fastLane(
    {
      reads: shared.readCache!,
      metrics: shared.metrics!,
      limits,
      trust: app.get("trust proxy fn") as (address: string, hop: number) => boolean,
    },
    [keptCallLane],
  );
  return (req, res) =>
    front(req, res, () => {
      app(req, res);
    });
}
