import type { NextAction } from "@catalog/contracts";

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
