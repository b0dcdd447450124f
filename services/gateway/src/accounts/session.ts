import type { CookieOptions, RequestHandler, Response } from "express";
import type { SessionRecord } from "@catalog/db";
import { csrfTokenMatches, type SessionsService } from "./sessions.service.js";
import { messagePage } from "../views/account.page.js";
import { PAGE_HEADERS } from "../views/html.js";

export type CookiePolicy = { secure: boolean };

/** `__Host-` pins a cookie to our origin and path /; browsers accept it only over https. */
export const sessionCookieName = (p: CookiePolicy) =>
  p.secure ? "__Host-catalog_session" : "catalog_session";
export const loginCookieName = (p: CookiePolicy) => (p.secure ? "__Host-catalog_login" : "catalog_login");

export function cookieOptions(p: CookiePolicy, maxAgeMs?: number): CookieOptions {
  return {
    httpOnly: true,
    secure: p.secure,
    sameSite: "lax",
    path: "/",
    ...(maxAgeMs ? { maxAge: maxAgeMs } : {}),
  };
}

export type SessionLocals = { session?: SessionRecord & { cookie: string } };

/** Loads the session named by the session cookie, if it is valid, into res.locals.session. */
export function withSession(sessions: SessionsService, policy: CookiePolicy): RequestHandler {
  const name = sessionCookieName(policy);
  return async (req, res, next) => {
    const cookie = (req.cookies as Record<string, string | undefined>)[name];
    const session = await sessions.find(cookie);
    if (session && cookie) res.locals.session = { ...session, cookie };
    next();
  };
}

/** State-changing form posts: a session and its CSRF token are both required. */
export const requireSessionAndCsrf: RequestHandler = (req, res, next) => {
  const session = (res.locals as SessionLocals).session;
  if (!session)
    return sendPage(res, 401, messagePage("Signed out", "Your session has ended. Sign in again."));
  if (!csrfTokenMatches(session, (req.body as Record<string, unknown> | undefined)?.csrf_token))
    return sendPage(
      res,
      403,
      messagePage("Form expired", "The form was not sent from this page. Reload and try again."),
    );
  next();
};

export function sendPage(res: Response, status: number, page: string): void {
  res.status(status).set(PAGE_HEADERS).type("html").send(page);
}
