import type { RequestHandler } from "express";

/**
 * What GitHub Copilot and VS Code require of a registry they read as an organisation's "MCP
 * Registry URL" (../shared/reference/12_copilot_registry.md): every answer of the read API
 * readable from any origin, and the preflight answered. Mounted before the access layer, so a
 * preflight (which carries no key) is never counted or refused, and errors (429 included)
 * carry the headers too, so a browser client can read why.
 */
const REGISTRY_CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, OPTIONS",
  "access-control-allow-headers": "Authorization, Content-Type",
} as const;

/** Browsers may reuse a preflight's answer this long (a day: the headers change only with a release). */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

export const registryCors: RequestHandler = (req, res, next) => {
  res.set(REGISTRY_CORS);
  if (req.method !== "OPTIONS") return next();
  res.set("access-control-max-age", String(PREFLIGHT_MAX_AGE_SECONDS)).set("cache-control", "no-store");
  res.status(204).end();
};
