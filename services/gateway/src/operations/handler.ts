import type {
  HandledOperation,
  HandledOperationId,
  NextAction,
  OperationOf,
  PathParamNames,
} from "@catalog/contracts";
import type { z } from "zod";
import type { Requester } from "../checks/check.service.js";
import type { Failure } from "../http/outcome.js";
import type { CachedBody } from "../read-cache/read-cache.js";

/** What a request to an operation carries, parsed by its declaration's schemas. */
export type Input<O extends HandledOperation> = {
  params: { [K in PathParamNames<O["path"]>]: string };
  query: O extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;
  body: O extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
};

/** Statuses of a success: a body where the declaration gives one, none for a 204. */
type Success = 200 | 201 | 202 | 204;
type SuccessBody<R> = {
  [S in keyof R & Success]: R[S] extends { schema: infer B extends z.ZodType } ? z.output<B> : undefined;
}[keyof R & Success];

/** The body of an operation's successful answer, as its declaration types it. */
export type Body<O extends HandledOperation> = O extends HandledOperation
  ? SuccessBody<O["responses"]>
  : never;

/**
 * What a handler answers: a body (with another 2xx status and headers where the declaration
 * has them, as a pending check's 202), a body already rendered as JSON, a body kept in the
 * read cache (sent as it is), or a failure in the REST error shape.
 */
export type Answer<T> =
  | { ok: true; body: T; status?: number; headers?: Record<string, string> }
  | { ok: true; json: string }
  | { ok: true; kept: CachedBody; key: string }
  | Failure;

/** Who asks, however they ask (REST or an MCP tool call). */
export type CallContext = {
  /** How their checks are counted (built when a handler asks: most never do). */
  requester: () => Requester;
};

/** One operation's handler: what to suggest when the request does not validate, and the answer. */
export type Handler<O extends HandledOperation> = {
  /** The next actions of a 400 (what to try instead), from the path's parameters. */
  retry?: (params: Input<O>["params"]) => NextAction[];
  run: (input: Input<O>, context: CallContext) => Promise<Answer<Body<O>>>;
};

/** A handler for every handled operation, and nothing else: a missing or extra one fails the type check. */
export type Handlers = { [Id in HandledOperationId]: Handler<OperationOf<Id>> };
