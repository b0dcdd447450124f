import { createRequire } from "node:module";
import path from "node:path";
import express, { Router } from "express";
import { publicCache } from "../http/cache.js";

const require = createRequire(import.meta.url);
/** Swagger UI's own files, served from the package: no CDN. */
const SWAGGER_UI = path.dirname(require.resolve("swagger-ui-dist/package.json"));

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

/** GET /docs: the OpenAPI document (operations/service.handlers.ts) rendered by Swagger UI. */
export function docsRoutes(): Router {
  const router = Router();
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
