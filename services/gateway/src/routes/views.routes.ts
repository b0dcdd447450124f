import { Router } from "express";
import { cacheFor } from "../http/cache.js";
import { sendJsonText } from "../http/conditional.js";
import type { ViewsService } from "../registry-views/views.service.js";

/** Mounted at /v1: GET /views, the registry views with their rules and counts (a minute's cache). */
export function viewsRoutes(views: ViewsService): Router {
  const router = Router();
  router.get("/views", async (req, res) => {
    cacheFor(res, 60);
    sendJsonText(req, res, JSON.stringify(await views.list()));
  });
  return router;
}
