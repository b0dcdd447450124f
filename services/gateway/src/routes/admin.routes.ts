import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import { Router, type RequestHandler } from "express";
import { QUEUE_NAMES, type JobBus } from "@catalog/queue";

const BASE_PATH = "/admin/queues";

/** The queue dashboard (bull-board) over every BullMQ queue of the system, behind the admin guard. */
export function adminRoutes(bus: JobBus, requireAdmin: RequestHandler): Router {
  const router = Router();
  const board = new ExpressAdapter();
  board.setBasePath(BASE_PATH);
  createBullBoard({ queues: QUEUE_NAMES.map((q) => new BullMQAdapter(bus.queue(q))), serverAdapter: board });
  router.use(BASE_PATH, requireAdmin, board.getRouter() as Router);
  return router;
}
