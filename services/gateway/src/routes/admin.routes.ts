import { timingSafeEqual, createHash } from "node:crypto";
import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import { Router, type RequestHandler } from "express";
import { QUEUE_NAMES, type JobBus } from "@catalog/queue";
import { notFound } from "../http/errors.js";

const BASE_PATH = "/admin/queues";

/** Constant-time comparison of a presented token with the configured one. */
function tokenMatches(presented: string, expected: string): boolean {
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Operators only: HTTP Basic (any user, the admin token as password, so a browser can open the
 * dashboard) or `Authorization: Bearer <admin token>`. Without a configured token the admin paths
 * do not exist (404), so they are never reachable anonymously.
 */
export function requireAdmin(adminToken: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!adminToken) return notFound(req, res, next);
    const header = req.get("authorization") ?? "";
    const [scheme, value = ""] = header.split(" ", 2);
    const presented =
      scheme?.toLowerCase() === "basic"
        ? Buffer.from(value, "base64").toString("utf8").split(":").slice(1).join(":")
        : scheme?.toLowerCase() === "bearer"
          ? value
          : "";
    if (presented && tokenMatches(presented, adminToken)) return next();
    res
      .set("www-authenticate", 'Basic realm="catalog admin", charset="UTF-8"')
      .set("cache-control", "no-store");
    res.status(401).json({ error: "admin_token_required", next_actions: [] });
  };
}

/** The queue dashboard (bull-board) over every BullMQ queue of the system. */
export function adminRoutes(bus: JobBus, adminToken: string | undefined): Router {
  const router = Router();
  const board = new ExpressAdapter();
  board.setBasePath(BASE_PATH);
  createBullBoard({ queues: QUEUE_NAMES.map((q) => new BullMQAdapter(bus.queue(q))), serverAdapter: board });
  router.use(BASE_PATH, requireAdmin(adminToken), board.getRouter() as Router);
  return router;
}
