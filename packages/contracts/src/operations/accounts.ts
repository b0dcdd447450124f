import { z } from "zod";
import {
  BlocklistAddSchema,
  BlocklistBodySchema,
  BlocklistEntrySchema,
  BlocklistRemoveQuerySchema,
} from "../blocklist.js";
import { ViewBodySchema, ViewUpdateSchema } from "../views.js";
import { ERRORS } from "./errors.js";
import { operation } from "./operation.js";

const page = (description: string) => ({ description, contentType: "text/html" });
const browser = { tag: "Accounts", limit: "none", usage: "other", cache: "no-store", plain: true } as const;
const form = "application/x-www-form-urlencoded";
const Csrf = z.object({
  csrf: z.string().meta({ description: "The session's CSRF token, from the account page." }),
});

export const accountPage = operation({
  ...browser,
  id: "accountPage",
  method: "get",
  path: "/account",
  access: "public",
  summary: "The account page: keys, limits and usage (sign-in when signed out)",
  responses: { 200: page("The account page, or the sign-in page.") },
});

export const signIn = operation({
  ...browser,
  id: "signIn",
  method: "get",
  path: "/auth/login",
  access: "public",
  summary: "Sign in with the configured OpenID Connect provider",
  responses: { 303: { description: "To the provider." }, 503: page("Sign-in is not configured.") },
});

export const signInCallback = operation({
  ...browser,
  id: "signInCallback",
  method: "get",
  path: "/auth/callback",
  access: "public",
  summary: "The provider's return after sign-in",
  responses: {
    303: { description: "Signed in: to the account page." },
    400: page("Sign-in expired or failed."),
  },
});

export const signOut = operation({
  ...browser,
  id: "signOut",
  method: "post",
  path: "/auth/logout",
  access: "session",
  body: Csrf,
  bodyType: form,
  summary: "Sign out",
  responses: {
    303: { description: "To the account page." },
    403: page("No session, or a wrong CSRF token."),
  },
});

export const createKey = operation({
  ...browser,
  id: "createKey",
  method: "post",
  path: "/account/keys",
  access: "session",
  body: Csrf,
  bodyType: form,
  summary: "Create an API key (shown once)",
  responses: {
    201: page("The new key, shown once."),
    409: page("The account holds as many keys as it may."),
  },
});

export const revokeKey = operation({
  ...browser,
  id: "revokeKey",
  method: "post",
  path: "/account/keys/{id}/revoke",
  access: "session",
  body: Csrf,
  bodyType: form,
  summary: "Revoke an API key",
  responses: { 303: { description: "To the account page." }, 404: page("The account has no such key.") },
});

const admin = {
  tag: "Operators",
  limit: "none",
  access: "admin",
  usage: "other",
  cache: "no-store",
  internal: true,
} as const;

export const listBlocklist = operation({
  ...admin,
  id: "listBlocklist",
  method: "get",
  path: "/admin/blocklist",
  summary: "The blocklist",
  responses: { 200: { description: "Every blocked name.", schema: BlocklistBodySchema } },
});

export const addToBlocklist = operation({
  ...admin,
  id: "addToBlocklist",
  method: "post",
  path: "/admin/blocklist",
  body: BlocklistAddSchema,
  summary: "Block a server (or change the reason)",
  responses: { 201: { description: "The entry.", schema: BlocklistEntrySchema }, 400: ERRORS.badRequest },
});

export const removeFromBlocklist = operation({
  ...admin,
  id: "removeFromBlocklist",
  method: "delete",
  path: "/admin/blocklist",
  query: BlocklistRemoveQuerySchema,
  summary: "Unblock a server",
  responses: { 204: { description: "Removed." }, 404: ERRORS.notFound },
});

export const queueBoard = operation({
  ...admin,
  id: "queueBoard",
  method: "get",
  path: "/admin/queues",
  subtree: true,
  plain: true,
  summary: "The queue board (Bull Board)",
  responses: { 200: page("The board.") },
});

export const putView = operation({
  ...admin,
  id: "putView",
  method: "put",
  path: "/admin/views/{view}",
  body: ViewUpdateSchema,
  // A view's rules may list many names.
  maxBody: 64 * 1024,
  summary: "Define or replace a registry view",
  description: "Built-in views and those of VIEWS_FILE cannot be changed here (409).",
  responses: {
    200: { description: "The view, replaced.", schema: ViewBodySchema },
    201: { description: "The view, created.", schema: ViewBodySchema },
    400: ERRORS.badRequest,
    409: ERRORS.viewNotEditable,
  },
});

export const deleteView = operation({
  ...admin,
  id: "deleteView",
  method: "delete",
  path: "/admin/views/{view}",
  summary: "Remove a registry view",
  responses: { 204: { description: "Removed." }, 404: ERRORS.viewNotFound, 409: ERRORS.viewNotEditable },
});
