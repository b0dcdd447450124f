import { Router, type RequestHandler, type Response } from "express";
import express from "express";
import { CheckRequestSchema, CheckWaitQuerySchema, nextAction } from "@catalog/contracts";
import type { CheckRow } from "@catalog/db";
import { UrlPolicyError } from "@catalog/url-policy";
import { checkBody } from "../checks/check-body.js";
import { CheckQuotaExceeded, requesterOf, type CheckService } from "../checks/check.service.js";
import { sendError } from "../http/errors.js";
import { parseOr400, parseQuery } from "../http/validate.js";

export type CheckRouteSettings = {
  baseUrl: string;
  limits: { anonymous: number; account: number };
};

/** Check ids are 22 base64url characters; anything else cannot name a check. */
export const CHECK_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** Every check response, errors included, stays out of search engines. */
export const noindex: RequestHandler = (_req, res, next) => {
  res.set("x-robots-tag", "noindex");
  next();
};

/** POST /v1/check and GET /v1/check/{id}, both with `wait`. */
export function checkRoutes(service: CheckService, settings: CheckRouteSettings): Router {
  const router = Router();
  router.use("/v1/check", noindex);

  const answer = (res: Response, check: CheckRow, method: "GET" | "POST") => {
    const body = checkBody(check, settings.baseUrl);
    if (check.status !== "done") {
      res
        .status(202)
        .set({
          "cache-control": "no-store",
          location: `${settings.baseUrl}/v1/check/${check.id}`,
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
    let check: CheckRow;
    try {
      check = await service.start(body.url, requesterOf(res.locals.accountId, req.ip, settings.limits));
    } catch (err) {
      if (err instanceof UrlPolicyError) {
        return sendError(res, 400, "invalid_url", { reason: err.reason }, [
          nextAction("search", { q: "mcp server" }),
        ]);
      }
      if (err instanceof CheckQuotaExceeded) {
        res.set("retry-after", String(err.retryAfter));
        return sendError(
          res,
          429,
          "check_quota_exceeded",
          { scope: err.scope, retry_after: err.retryAfter },
          [nextAction("search", { q: "mcp server" })],
        );
      }
      throw err;
    }
    answer(res, await service.settle(check, query.wait * 1000), "POST");
  });

  router.get("/v1/check/:id", async (req, res) => {
    const query = parseQuery(CheckWaitQuerySchema, req, res);
    if (!query) return;
    const id = String(req.params.id);
    const check = CHECK_ID.test(id) ? await service.find(id) : null;
    if (!check)
      return sendError(res, 404, "check_not_found", {}, [nextAction("search", { q: "mcp server" })]);
    answer(res, await service.settle(check, query.wait * 1000), "GET");
  });

  return router;
}
