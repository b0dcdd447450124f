import { Router, type RequestHandler, type Response } from "express";
import express from "express";
import { CheckRequestSchema, CheckWaitQuerySchema, type CheckBody } from "@catalog/contracts";
import { requesterOf, type CheckService } from "../checks/check.service.js";
import { sendError } from "../http/errors.js";
import type { Outcome } from "../http/outcome.js";
import { parseOr400, parseQuery } from "../http/validate.js";

export type CheckRouteSettings = {
  baseUrl: string;
  limits: { anonymous: number; account: number };
};

/** Every check response, errors included, stays out of search engines. */
export const noindex: RequestHandler = (_req, res, next) => {
  res.set("x-robots-tag", "noindex");
  next();
};

/** POST /v1/check and GET /v1/check/{id}, both with `wait`. */
export function checkRoutes(service: CheckService, settings: CheckRouteSettings): Router {
  const router = Router();
  router.use("/v1/check", noindex);

  const answer = (res: Response, outcome: Outcome<CheckBody>, method: "GET" | "POST") => {
    if (!outcome.ok) {
      return sendError(res, outcome.status, outcome.error, outcome.details, outcome.nextActions);
    }
    const body = outcome.body;
    if (body.status !== "done") {
      res
        .status(202)
        .set({
          "cache-control": "no-store",
          location: `${settings.baseUrl}/v1/check/${body.id}`,
          "retry-after": "2",
        })
        .json(body);
      return;
    }
    // A finished check never changes: shared caches may keep it for an hour.
    res
      .set("cache-control", method === "GET" ? "public, max-age=3600, immutable" : "no-store")
      .status(200)
      .json(body);
  };

  router.post("/v1/check", express.json({ limit: "16kb" }), async (req, res) => {
    const query = parseQuery(CheckWaitQuerySchema, req, res);
    if (!query) return;
    const body = parseOr400(CheckRequestSchema, req.body ?? {}, res);
    if (!body) return;
    const requester = requesterOf(res.locals.accountId, req.ip, settings.limits, req.id);
    answer(res, await service.check(body.url, requester, query.wait * 1000), "POST");
  });

  router.get("/v1/check/:id", async (req, res) => {
    const query = parseQuery(CheckWaitQuerySchema, req, res);
    if (!query) return;
    answer(res, await service.lookup(String(req.params.id), query.wait * 1000), "GET");
  });

  return router;
}
