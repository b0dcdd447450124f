import cookieParser from "cookie-parser";
import express, { Router, type RequestHandler } from "express";
import type { AccountService } from "../accounts/account.service.js";
import type { ApiKeysService } from "../accounts/api-keys.service.js";
import type { SessionsService } from "../accounts/sessions.service.js";
import {
  requireSessionAndCsrf,
  sendPage,
  withSession,
  type CookiePolicy,
  type SessionLocals,
} from "../accounts/session.js";
import type { LimitSettings } from "../limits/limits.service.js";
import { accountPage, messagePage, newKeyPage, signedOutPage } from "../views/account.page.js";

export type AccountRoutesDeps = {
  account: AccountService;
  keys: ApiKeysService;
  sessions: SessionsService;
  cookies: CookiePolicy;
  limits: LimitSettings;
  signInAvailable: boolean;
};

/** GET /account, POST /account/keys, POST /account/keys/{id}/revoke: HTML that needs no script. */
export function accountRoutes(deps: AccountRoutesDeps): Router {
  const router = Router();
  const forms: RequestHandler[] = [
    express.urlencoded({ extended: false, limit: "2kb" }),
    withSession(deps.sessions, deps.cookies),
    requireSessionAndCsrf,
  ];
  router.use("/account", cookieParser());

  router.get("/account", withSession(deps.sessions, deps.cookies), async (_req, res) => {
    const session = (res.locals as SessionLocals).session;
    const account = session && (await deps.account.find(session.accountId));
    if (!session || !account) return sendPage(res, 200, signedOutPage(deps.signInAvailable, deps.limits));
    sendPage(res, 200, accountPage(await deps.account.overview(account, session.csrfToken)));
  });

  router.post("/account/keys", ...forms, async (_req, res) => {
    const { accountId } = (res.locals as SessionLocals).session!;
    const created = await deps.keys.create(accountId);
    if (!created)
      return sendPage(
        res,
        409,
        messagePage(
          "Key limit reached",
          "This account already holds as many active keys as a free account may. Revoke one, then create a new one.",
        ),
      );
    sendPage(res, 201, newKeyPage(created.key, created.record));
  });

  router.post("/account/keys/:id/revoke", ...forms, async (req, res) => {
    const { accountId } = (res.locals as SessionLocals).session!;
    if (!(await deps.keys.revoke(accountId, String(req.params.id))))
      return sendPage(res, 404, messagePage("No such key", "This account has no active key with that id."));
    res.redirect(303, "/account");
  });
  return router;
}
