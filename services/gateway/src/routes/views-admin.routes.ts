import express, { Router, type RequestHandler } from "express";
import { ViewNameSchema, ViewUpdateSchema } from "@catalog/contracts";
import { sendError } from "../http/errors.js";
import { parseOr400 } from "../http/validate.js";
import type { ViewsService } from "../registry-views/views.service.js";

/**
 * The operators' registry views, behind the admin guard: PUT /admin/views/{view} defines or
 * replaces one ({title, description, rules}), DELETE removes it. Built-in views and VIEWS_FILE's
 * are refused (409). Every replica serves an edit within VIEWS_REFRESH_MS. Never cached.
 */
export function viewsAdminRoutes(views: ViewsService, requireAdmin: RequestHandler): Router {
  const router = Router();
  router.use("/admin/views", requireAdmin, (_req, res, next) => {
    res.set("cache-control", "no-store");
    next();
  });
  const name = (raw: string) => ViewNameSchema.safeParse(raw);
  router.put("/admin/views/:view", express.json({ limit: "64kb" }), async (req, res) => {
    const view = name(req.params.view);
    if (!view.success) return sendError(res, 404, "view_not_found", { view: req.params.view });
    const body = parseOr400(ViewUpdateSchema, req.body ?? {}, res);
    if (!body) return;
    const saved = await views.save(view.data, body);
    if (saved === "fixed") return sendError(res, 409, "view_not_editable", { view: view.data });
    res.status(saved.created ? 201 : 200).json(saved.view);
  });
  router.delete("/admin/views/:view", async (req, res) => {
    const removed = await views.remove(req.params.view);
    if (removed === "fixed") return sendError(res, 409, "view_not_editable", { view: req.params.view });
    if (!removed) return sendError(res, 404, "view_not_found", { view: req.params.view });
    res.status(204).end();
  });
  return router;
}
