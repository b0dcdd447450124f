import type { NextAction } from "@catalog/contracts";

/** What a service answers: a body, or an error in the REST error shape. */
export type Outcome<T> =
  /** `keep: false`: a body correct for now but not to be replayed (a degraded answer). */
  | { ok: true; body: T; keep?: false }
  | {
      ok: false;
      status: number;
      error: string;
      details?: Record<string, unknown>;
      nextActions: NextAction[];
    };

export type Failure = Extract<Outcome<never>, { ok: false }>;

export const success = <T>(body: T, keep = true): Outcome<T> =>
  keep ? { ok: true, body } : { ok: true, body, keep: false };

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
