import { pino, type Logger } from "pino";

export type { Logger };

/** Paths never written to logs: credentials in headers, keys, cookies, tokens. */
const REDACT = [
  "req.headers.authorization",
  "req.headers['x-api-key']",
  "req.headers.cookie",
  "res.headers['set-cookie']",
  "*.apiKey",
  "*.api_key",
  "*.token",
  "*.password",
  "*.secret",
];

/** Structured JSON logs, one line per event, with the service name on every line. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? "info"): Logger {
  return pino({
    level,
    base: { service },
    redact: { paths: REDACT, censor: "[redacted]" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
