import { randomUUID } from "node:crypto";
import cookieParser from "cookie-parser";
import express, { Router, type Response } from "express";
import { z } from "zod";
import type { AccountsRepository } from "@catalog/db";
import type { Logger } from "@catalog/observability";
import { SignInError, type OidcService } from "../accounts/oidc.service.js";
import type { SessionsService } from "../accounts/sessions.service.js";
import {
  cookieOptions,
  loginCookieName,
  requireSessionAndCsrf,
  sendPage,
  sessionCookieName,
  withSession,
  type CookiePolicy,
  type SessionLocals,
} from "../accounts/session.js";
import { messagePage } from "../views/account.page.js";

export type AuthRoutesDeps = {
  oidc: OidcService | undefined;
  accounts: AccountsRepository;
  sessions: SessionsService;
  cookies: CookiePolicy;
  /** Signs the sign-in cookie; required with oidc. */
  secret: string | undefined;
  sessionTtlMs: number;
  log: Logger;
};

const LOGIN_TTL_MS = 10 * 60_000;
const TransactionSchema = z.object({ state: z.string(), nonce: z.string(), codeVerifier: z.string() });

/** GET /auth/login, GET /auth/callback, POST /auth/logout. */
export function authRoutes(deps: AuthRoutesDeps): Router {
  const { oidc, cookies } = deps;
  const router = Router();
  router.use("/auth", cookieParser(deps.secret));
  const loginCookie = loginCookieName(cookies);

  /** The details go to the log; the page says what the user can do. */
  const signInFailed = (res: Response, err: unknown) => {
    if (!(err instanceof SignInError)) throw err;
    deps.log.warn({ err: err.cause ?? err, status: err.status }, "sign-in failed");
    const message =
      err.status === 502
        ? "The sign-in provider could not be reached. Try again in a moment."
        : "The answer of the sign-in provider could not be verified. Start again from the account page.";
    sendPage(res, err.status, messagePage("Sign-in failed", message));
  };

  router.get("/auth/login", async (_req, res) => {
    if (!oidc)
      return sendPage(res, 503, messagePage("Sign-in unavailable", "Sign-in is not configured here."));
    try {
      const { url, transaction } = await oidc.begin();
      res.cookie(loginCookie, transaction, { ...cookieOptions(cookies, LOGIN_TTL_MS), signed: true });
      res.set("cache-control", "no-store").redirect(303, url.href);
    } catch (err) {
      signInFailed(res, err);
    }
  });

  router.get("/auth/callback", async (req, res) => {
    if (!oidc)
      return sendPage(res, 503, messagePage("Sign-in unavailable", "Sign-in is not configured here."));
    const transaction = TransactionSchema.safeParse(
      (req.signedCookies as Record<string, unknown>)[loginCookie],
    );
    res.clearCookie(loginCookie, cookieOptions(cookies));
    if (!transaction.success)
      return sendPage(
        res,
        400,
        messagePage("Sign-in expired", "Sign-in took too long or began elsewhere. Try again."),
      );
    try {
      const query = req.originalUrl.split("?")[1] ?? "";
      const identity = await oidc.complete(query, transaction.data);
      const account = await deps.accounts.upsertByIdentity(identity, randomUUID());
      const { cookie } = await deps.sessions.create(account.id);
      res.cookie(sessionCookieName(cookies), cookie, cookieOptions(cookies, deps.sessionTtlMs));
      res.set("cache-control", "no-store").redirect(303, "/account");
    } catch (err) {
      signInFailed(res, err);
    }
  });

  router.post(
    "/auth/logout",
    express.urlencoded({ extended: false, limit: "2kb" }),
    withSession(deps.sessions, cookies),
    requireSessionAndCsrf,
    async (_req, res) => {
      await deps.sessions.destroy((res.locals as SessionLocals).session!.cookie);
      res.clearCookie(sessionCookieName(cookies), cookieOptions(cookies));
      res.redirect(303, "/account");
    },
  );
  return router;
}
