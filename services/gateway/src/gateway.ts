import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { createApp, gatewayParts, type GatewayDeps } from "./app.js";
import { keptCallLane } from "./mcp/kept-call-lane.js";
import { fastLane } from "./read-cache/fast-lane.js";

/**
 * The gateway as the HTTP server runs it: the fast lane (read-cache/fast-lane.ts) in front of
 * the app, sharing its read cache, metrics and anonymous limits. `createApp` alone answers the
 * same, every request through Express.
 */
export function createGateway(
  deps: GatewayDeps,
): RequestListener<typeof IncomingMessage, typeof ServerResponse> {
  const parts = gatewayParts(deps);
  const app = createApp(deps, parts);
  const front = fastLane(
    {
      reads: parts.reads,
      metrics: parts.metrics,
      limits: parts.enforced,
      trust: app.get("trust proxy fn") as (address: string, hop: number) => boolean,
    },
    [keptCallLane],
  );
  return (req, res) =>
    front(req, res, () => {
      app(req, res);
    });
}
