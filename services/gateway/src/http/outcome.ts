import type { Request, Response } from "express";
import type { NextAction } from "@catalog/contracts";
import { sendJsonText } from "./conditional.js";
import { sendError } from "./errors.js";

/** What a service answers: a body, or an error in the REST error shape. */
export type Outcome<T> =
  | { ok: true; body: T }
  | {
      ok: false;
      status: number;
      error: string;
      details?: Record<string, unknown>;
      nextActions: NextAction[];
    };

export type Failure = Extract<Outcome<never>, { ok: false }>;

export const success = <T>(body: T): Outcome<T> => ({ ok: true, body });

/** The same outcome with its body changed; failures pass through. */
export const mapBody = <T, U>(outcome: Outcome<T>, change: (body: T) => U): Outcome<U> =>
  outcome.ok ? { ok: true, body: change(outcome.body) } : outcome;

export function failure(
  status: number,
  error: string,
  nextActions: NextAction[],
  details: Record<string, unknown> = {},
): Failure {
  return { ok: false, status, error, details, nextActions };
}

/** Sends the body (conditional GET, with the cache headers set before), or the error, never cached. */
export function sendOutcome<T>(req: Request, res: Response, outcome: Outcome<T>): void {
  if (outcome.ok) sendJsonText(req, res, JSON.stringify(outcome.body));
  else sendError(res, outcome.status, outcome.error, outcome.details, outcome.nextActions);
}
