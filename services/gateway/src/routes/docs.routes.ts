import { createRequire } from "node:module";
import path from "node:path";
import express, { Router } from "express";
import { nextAction, OPERATIONS, openApiDocument } from "@catalog/contracts";
import { publicCache } from "../http/cache.js";
import { sendJsonText } from "../http/conditional.js";

const require = createRequire(import.meta.url);
/** Swagger UI's own files, served from the package: no CDN. */
const SWAGGER_UI = path.dirname(require.resolve("swagger-ui-dist/package.json"));
const VERSION = (require("../../package.json") as { version: string }).version;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MCP Server Catalog API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="api"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#api", deepLinking: true });\n`;

/** Scripts only from here; Swagger UI sets inline styles and renders data: images. */
const CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'";

/** GET /openapi.json (built once from the operations' declarations), /docs and the service index. */
export function docsRoutes(baseUrl: string): Router {
  const router = Router();
  const document = JSON.stringify(openApiDocument(OPERATIONS, { baseUrl, version: VERSION }));
  const index = JSON.stringify({
    name: "MCP Server Catalog",
    docs: `${baseUrl}/docs`,
    openapi: `${baseUrl}/openapi.json`,
    mcp: `${baseUrl}/mcp`,
    registry: `${baseUrl}/v0.1/servers`,
    next_actions: [nextAction("search", { q: "send a message to a team channel" })],
  });
  router.get("/", publicCache(300), (req, res) => sendJsonText(req, res, index));
  router.get("/openapi.json", publicCache(300), (req, res) => sendJsonText(req, res, document));
  router.use("/docs", publicCache(300), (_req, res, next) => {
    res.set("content-security-policy", CSP);
    next();
  });
  router.get("/docs", (_req, res) => {
    res.type("html").send(PAGE);
  });
  router.get("/docs/init.js", (_req, res) => {
    res.type("text/javascript").send(INIT);
  });
  router.use("/docs/assets", express.static(SWAGGER_UI, { index: false, fallthrough: false }));
  return router;
}
