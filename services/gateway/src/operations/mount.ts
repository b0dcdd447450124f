import express, { Router, type Request, type RequestHandler, type Response } from "express";
import {
  HANDLED_OPERATIONS,
  matchOperation,
  pathParams,
  pathPattern,
  type HandledOperation,
  type Operation,
} from "@catalog/contracts";
import { decodePathSegment } from "@catalog/registry";
import type { z } from "zod";
import { requesterOf } from "../checks/check.service.js";
import { sendJsonText } from "../http/conditional.js";
import { problem, sendError, sendProblem, validationProblem } from "../http/errors.js";
import { rawPath } from "../http/paths.js";
import { badRequest } from "../http/validate.js";
import { sendKept } from "../read-cache/cached-read.js";
import type { ReadCache } from "../read-cache/read-cache.js";
import type { Answer, CallContext, Handler, Handlers, Input } from "./handler.js";

export type MountSettings = {
  /** Where kept bodies are answered from (and remembered for the fast lane). */
  reads: ReadCache;
  /** The check allowances of a requester (anonymous, per account). */
  checkLimits: { anonymous: number; account: number };
  /** Runs before anything else of an operation declared `access: "admin"` (the operators' token). */
  requireAdmin: RequestHandler;
};

type AnyHandler = Handler<HandledOperation>;
type AnyInput = Input<HandledOperation>;

/** Request bodies are small JSON objects (a URL to check) unless the declaration says otherwise. */
const DEFAULT_MAX_BODY = 16 * 1024;
const jsonParsers = new Map<number, RequestHandler>();
const jsonBody = (op: Operation): RequestHandler => {
  const limit = op.maxBody ?? DEFAULT_MAX_BODY;
  let parser = jsonParsers.get(limit);
  if (!parser) jsonParsers.set(limit, (parser = express.json({ limit })));
  return parser;
};

/** Runs one middleware to its end: whether it handed the request on. */
const passes = (handler: RequestHandler, req: Request, res: Response): Promise<boolean> =>
  new Promise((ok, fail) => {
    res.once("finish", () => ok(false));
    void handler(req, res, (e?: unknown) =>
      e ? fail(e instanceof Error ? e : new Error("middleware failed", { cause: e })) : ok(true),
    );
  });

/**
 * Every handled operation, served from its declaration: the path matched (server names with
 * their slash literal or %2F), query and body parsed by the declared schemas (a 400 in the
 * operation's error shape before the handler runs), Cache-Control from the declaration, then
 * the handler's answer. Requests for no handled operation go on (the plain routes, then 404).
 */
export function mountOperations(handlers: Handlers, settings: MountSettings): Router {
  const router = Router();
  router.use(async (req, res, next) => {
    const path = rawPath(req);
    const op = matchOperation(HANDLED_OPERATIONS, req.method, path);
    if (!op) return refuseBrokenName(req, res, next, path);
    const declared: Operation = op;
    if (declared.access === "admin" && !(await passes(settings.requireAdmin, req, res))) return;
    if (declared.body) await passes(jsonBody(declared), req, res);
    await serve(op, handlers[op.id], req, res, settings, path);
  });
  return router;
}

/**
 * A server name whose percent-encoding is broken cannot be shown to hold one slash, so no
 * operation matched it; the path of an operation with such a name is a 400, not a 404.
 */
function refuseBrokenName(req: Request, res: Response, next: () => void, path: string): void {
  const verb = req.method === "HEAD" ? "get" : req.method.toLowerCase();
  const op = HANDLED_OPERATIONS.find((o) => o.method === verb && pathPattern(o).test(path));
  const broken = op && decodeParams(op, path);
  if (op && typeof broken === "string") return refusePath(op, res, broken);
  next();
}

async function serve(
  op: Operation,
  handler: AnyHandler,
  req: Request,
  res: Response,
  settings: MountSettings,
  path: string,
) {
  const params = decodeParams(op, path);
  if (typeof params === "string") return refusePath(op, res, params);
  const retry = handler.retry?.(params as AnyInput["params"]) ?? [];
  const query = op.query ? op.query.safeParse(req.query) : { success: true as const, data: {} };
  if (!query.success) return refuseInput(op, req, res, query.error, retry);
  const body = op.body ? op.body.safeParse(req.body ?? {}) : { success: true as const, data: undefined };
  if (!body.success) return refuseInput(op, req, res, body.error, retry);
  const context: CallContext = {
    requester: () => requesterOf(res.locals.accountId, req.ip, settings.checkLimits, req.id),
  };
  const input = { params, query: query.data, body: body.data } as AnyInput;
  res.set("cache-control", res.locals.keyed === true ? "private, no-store" : op.cache);
  send(op, req, res, await handler.run(input, context), settings.reads);
}

/** The path's parameters decoded, or the name of the one whose encoding is broken. */
function decodeParams(op: Operation, path: string): Record<string, string> | string {
  const raw = pathPattern(op).exec(path) ?? [];
  const params: Record<string, string> = {};
  for (const [i, name] of pathParams(op.path).entries()) {
    const value = decodePathSegment(raw[i + 1] ?? "");
    if (value === null) return name;
    params[name] = value;
  }
  return params;
}

/** The official registry's operations answer errors as problem details; ours in the REST shape. */
const speaksProblem = (op: Operation) => op.responses[400]?.contentType === "application/problem+json";

/**
 * A path the operation cannot decode: an id that does not decode (a NUL byte, a broken escape)
 * names nothing, and is answered as the operation answers an unknown one; a server name is a 400.
 */
function refusePath(op: Operation, res: Response, param: string): void {
  if (speaksProblem(op)) return sendProblem(res, problem(400, "Invalid server name encoding"));
  const unknown = op.responses[404]?.error;
  if (param !== "name" && unknown) return sendError(res, 404, unknown, {});
  const what = param === "name" ? "the server name" : `the ${param}`;
  sendError(res, 400, "bad_request", {
    issues: { fieldErrors: { [param]: [`invalid percent-encoding in ${what}`] } },
  });
}

function refuseInput(
  op: Operation,
  req: Request,
  res: Response,
  error: z.ZodError,
  retry: ReturnType<NonNullable<AnyHandler["retry"]>>,
): void {
  if (speaksProblem(op)) return sendProblem(res, validationProblem(error, req.query));
  const invalid = badRequest(error, retry);
  sendError(res, invalid.status, invalid.error, invalid.details, invalid.nextActions);
}

function send(op: Operation, req: Request, res: Response, answer: Answer<unknown>, reads: ReadCache): void {
  if (!answer.ok) {
    if (speaksProblem(op)) return sendProblem(res, problem(answer.status, answer.error));
    return sendError(res, answer.status, answer.error, answer.details, answer.nextActions);
  }
  if ("kept" in answer) return sendKept(req, res, reads, answer.key, answer.kept);
  if ("json" in answer) return sendJsonText(req, res, answer.json);
  if (answer.headers) res.set(answer.headers);
  if (answer.status === undefined || answer.status === 200)
    return sendJsonText(req, res, JSON.stringify(answer.body));
  if (answer.status === 204) return void res.status(204).end();
  res.status(answer.status).json(answer.body);
}
