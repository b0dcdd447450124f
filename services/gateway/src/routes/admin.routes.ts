import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import { Router, type RequestHandler, type Response } from "express";
import { QUEUE_NAMES, type JobBus } from "@catalog/queue";

const BASE_PATH = "/admin/queues";

/** Stylesheets the dashboard's page would load from other origins (bull-board links Google Fonts). */
const EXTERNAL_STYLESHEET = /<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>/g;

/**
 * Nothing of the dashboard comes from another origin: an air-gapped cluster's browser would
 * wait on the fonts, and an operator's page should not tell a third party it was opened. The
 * page falls back to the system's sans-serif and monospace fonts.
 */
const selfContained: RequestHandler = (_req, res, next) => {
  const render = res.render.bind(res) as (
    view: string,
    options: object,
    done: (err: Error | null, html: string) => void,
  ) => void;
  res.render = ((view: string, options: object) =>
    render(view, options ?? {}, (err, html) =>
      err ? next(err) : res.type("html").send(html.replace(EXTERNAL_STYLESHEET, "")),
    )) as Response["render"];
  res.set(
    "content-security-policy",
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
  );
  next();
};

/** One dashboard over every BullMQ queue of the system; read-only refuses every action (405). */
function board(bus: JobBus, readOnlyMode: boolean): Router {
  const adapter = new ExpressAdapter();
  adapter.setBasePath(BASE_PATH);
  createBullBoard({
    queues: QUEUE_NAMES.map((q) => new BullMQAdapter(bus.queue(q), { readOnlyMode })),
    serverAdapter: adapter,
  });
  return adapter.getRouter() as Router;
}

/**
 * The queue dashboard (bull-board) at one address for both operator roles: the admin gets the
 * full board (retry, clean, pause), a viewer the same board read-only. `requireOperator`
 * admits either role's token and says which it was.
 */
export function adminRoutes(bus: JobBus, requireOperator: RequestHandler): Router {
  const router = Router();
  const full = board(bus, false);
  const readOnly = board(bus, true);
  router.use(BASE_PATH, requireOperator, selfContained, (req, res, next) =>
    (res.locals.operatorRole === "admin" ? full : readOnly)(req, res, next),
  );
  return router;
}
