import { Router, type RequestHandler } from "express";
import { nextAction } from "@catalog/contracts";
import { checkPage } from "../checks/check-page.js";
import { CHECK_ID, type CheckService } from "../checks/check.service.js";
import { sendError } from "../http/errors.js";

/** Every check response, errors included, stays out of search engines. */
export const noindex: RequestHandler = (_req, res, next) => {
  res.set("x-robots-tag", "noindex");
  next();
};

/** GET /check/{id}: the shareable HTML report of a check. */
export function checkPageRoutes(service: CheckService): Router {
  const router = Router();
  router.get("/check/:id", noindex, async (req, res) => {
    const id = String(req.params.id);
    const check = CHECK_ID.test(id) ? await service.find(id) : null;
    if (!check)
      return sendError(res, 404, "check_not_found", {}, [nextAction("search", { q: "mcp server" })]);
    res
      .status(200)
      .set({
        "content-type": "text/html; charset=utf-8",
        "content-security-policy":
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
        "cache-control": check.status === "done" ? "public, max-age=3600, immutable" : "no-store",
      })
      .send(checkPage(check));
  });
  return router;
}
