/**
 * How jobs are retried. A job that fails is retried with exponential backoff capped at a minute,
 * for about a day, so that an outage of PostgreSQL, Redis or an upstream API of minutes or hours
 * delays jobs instead of losing them: once the dependency is back, every job runs again within
 * a minute and the system converges by itself. Only failures the code can tell are permanent
 * (the input itself is bad) fail at once; retrying them would never help.
 */

/** First retry after about this long; each further one waits twice as long, up to the cap. */
export const RETRY_BASE_MS = 1000;
/** The longest wait between two attempts: how long a job may lag behind a recovered dependency. */
export const RETRY_CAP_MS = 60_000;
/** Attempts of a job: 1 s, 2 s, ... 32 s, then one a minute (less jitter) for about a day. */
export const JOB_ATTEMPTS = 1800;
/** The backoff type of jobs; workers of the job bus know it (see `retryDelay`). */
export const BACKOFF_TYPE = "capped-exponential";

/**
 * The wait before retry number `attempt` (1 for the first retry): exponential from
 * RETRY_BASE_MS, capped at RETRY_CAP_MS, the upper quarter randomized so that jobs failed
 * together by one outage do not all come back in the same second.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const nominal = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(nominal * (0.75 + 0.25 * random()));
}

export type FailureKind = "permanent" | "transient" | "unknown";

/** Network errors of Node (sockets, DNS): the other side may be back any moment. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EADDRNOTAVAIL",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/**
 * Prisma's codes for an unreachable or overloaded database: can't reach server (P1001),
 * timeouts (P1002, P1008), connection closed (P1017), pool timeout (P2024), transaction
 * closed or conflicting (P2028, P2034).
 */
const PRISMA_TRANSIENT = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2034"]);

/** Prisma's codes for a value the database cannot hold or a query it cannot build from the input. */
const PRISMA_PERMANENT = new Set(["P2000", "P2005", "P2006", "P2007", "P2019", "P2020", "P2023"]);

/** Messages of lost connections that carry no code (node-postgres, ioredis). */
const TRANSIENT_MESSAGES =
  /connection terminated|connection is closed|server has closed the connection|can't reach database server|timeout exceeded when trying to connect|connection timeout|socket hang up|max retries per request|stream isn't writeable|^(LOADING|BUSY|TRYAGAIN|CLUSTERDOWN|MASTERDOWN|READONLY)\b/i;

/** A SQLSTATE, wherever the driver or Prisma put it. */
function sqlState(err: Record<string, unknown>): string | undefined {
  const candidates: unknown[] = [err.code, (err.meta as Record<string, unknown> | undefined)?.code];
  const adapter = (err.meta as { driverAdapterError?: { cause?: { originalCode?: unknown } } } | undefined)
    ?.driverAdapterError?.cause?.originalCode;
  candidates.push(adapter);
  const quoted = /Code: `([0-9A-Z]{5})`/.exec(typeof err.message === "string" ? err.message : "");
  if (quoted) candidates.push(quoted[1]);
  // Prisma's own codes (P1000-P6999) have the same shape; PostgreSQL's P0 class is PL/pgSQL's.
  return candidates.find(
    (c): c is string => typeof c === "string" && /^[0-9A-Z]{5}$/.test(c) && !/^P[1-9]/.test(c),
  );
}

/**
 * What a job's failure says about retrying it, from the error and its causes:
 *  - permanent: the input is bad (a payload or value the schemas or the database reject),
 *    so the job fails at once;
 *  - transient: a dependency is unreachable, restarting or overloaded (network errors,
 *    PostgreSQL connection and shutdown states, Redis unavailable);
 *  - unknown: anything else (a bug, an upstream answering oddly). Retried like transient
 *    ones, since a retry after a fix or a recovery may well succeed.
 */
export function failureKind(error: unknown): FailureKind {
  for (let err = error, depth = 0; err && typeof err === "object" && depth < 8; depth++) {
    const e = err as Record<string, unknown> & { name?: unknown; message?: unknown };
    const name = typeof e.name === "string" ? e.name : "";
    const code = typeof e.code === "string" ? e.code : "";
    if (name === "UnrecoverableError" || name === "ZodError" || name === "PrismaClientValidationError")
      return "permanent";
    if (PRISMA_PERMANENT.has(code)) return "permanent";
    if (NETWORK_CODES.has(code) || PRISMA_TRANSIENT.has(code)) return "transient";
    const state = sqlState(e);
    if (state) {
      // 22: data exception (a bad value, e.g. NUL in text); 54: a value too deep or large to
      // process. Others (constraint races, missing columns before a migration) may pass later.
      if (state.startsWith("22") || state.startsWith("54")) return "permanent";
      if (/^(08|53|57P0|40001|40P01|55P03|57014)/.test(state)) return "transient";
    }
    if (typeof e.message === "string" && TRANSIENT_MESSAGES.test(e.message)) return "transient";
    err = e.cause;
  }
  return "unknown";
}
