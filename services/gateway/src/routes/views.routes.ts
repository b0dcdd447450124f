import { Router } from "express";
import { VIEW_EXPORT_CLIENTS, type ViewExportClient } from "@catalog/contracts";
import { cacheFor } from "../http/cache.js";
import { sendJsonText } from "../http/conditional.js";
import { sendError } from "../http/errors.js";
import type { ViewExportService } from "../registry-views/view-export.service.js";
import type { ViewsService } from "../registry-views/views.service.js";

const isClient = (value: string): value is ViewExportClient =>
  (VIEW_EXPORT_CLIENTS as readonly string[]).includes(value);

/**
 * Mounted at /v1: GET /views, the registry views with their rules and counts, and
 * GET /views/{view}/export/{client}, a view as a client's allow-list (a minute's cache each).
 */
export function viewsRoutes(views: ViewsService, exports: ViewExportService): Router {
  const router = Router();
  router.get("/views", async (req, res) => {
    cacheFor(res, 60);
    sendJsonText(req, res, JSON.stringify(await views.list()));
  });
  router.get("/views/:view/export/:client", async (req, res) => {
    const { view, client } = req.params as { view: string; client: string };
    if (!isClient(client)) {
      return sendError(res, 404, "not_found", {
        message: `Exports are for ${VIEW_EXPORT_CLIENTS.join(", ")}.`,
      });
    }
    const body = await exports.export(view, client);
    if (!body) return sendError(res, 404, "view_not_found", { view });
    cacheFor(res, 60);
    sendJsonText(req, res, JSON.stringify(body));
  });
  return router;
}
