import express, { Router, type RequestHandler } from "express";
import { BlocklistAddSchema, BlocklistRemoveQuerySchema } from "@catalog/contracts";
import type { BlocklistService } from "../admin/blocklist.service.js";
import { sendError } from "../http/errors.js";
import { parseOr400, parseQuery } from "../http/validate.js";

/**
 * The operators' blocklist, behind the admin guard: GET lists, POST {name, reason} adds (or
 * updates the reason), DELETE ?name= removes. Never cached.
 */
export function blocklistRoutes(blocklist: BlocklistService, requireAdmin: RequestHandler): Router {
  const router = Router();
  router.use("/admin/blocklist", requireAdmin, (_req, res, next) => {
    res.set("cache-control", "no-store");
    next();
  });
  router.get("/admin/blocklist", async (_req, res) => {
    res.json({ entries: await blocklist.list() });
  });
  router.post("/admin/blocklist", express.json({ limit: "8kb" }), async (req, res) => {
    const body = parseOr400(BlocklistAddSchema, req.body ?? {}, res);
    if (!body) return;
    res.status(201).json(await blocklist.add(body.name, body.reason, "admin-api"));
  });
  router.delete("/admin/blocklist", async (req, res) => {
    const query = parseQuery(BlocklistRemoveQuerySchema, req, res);
    if (!query) return;
    if (!(await blocklist.remove(query.name))) return sendError(res, 404, "not_found", { name: query.name });
    res.status(204).end();
  });
  return router;
}
