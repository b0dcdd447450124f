import type { Verdict } from "./outcome.js";

/** How a started server ended before it listed its tools. */
export type Ending = {
  exitCode: number | null;
  signal: string | null;
  /** The last lines of its standard error, already scrubbed. */
  stderr: string[];
  /** Whether the deadline passed while it was still running (it was then killed). */
  deadlinePassed: boolean;
  /** The variables and arguments given placeholders. */
  placeholders: string[];
};

const CREDENTIALS =
  /api[ _-]?key|access[ _-]?key|(?:access|auth|api|bearer)[ _-]?token|token (?:is )?(?:missing|required|not set|invalid)|unauthori[sz]ed|credential|not authenticated|authentication (?:failed|required)|\b401\b/i;
const ARGUMENTS =
  /\busage:|missing (?:required )?(?:argument|option|parameter)|required (?:argument|option)|unknown (?:command|option)|not enough arguments|expected \d+ arguments?/i;

/** Stack frames and Node's version banner say nothing of why; the lines above them do. */
const NOISE = /^(?:at |Node\.js v)/;

const tail = (stderr: string[]): string => {
  const telling = stderr.filter((line) => !NOISE.test(line)).slice(-3);
  return telling.length ? ` Last lines: ${telling.join(" | ")}` : "";
};

/**
 * Why a server that never listed its tools ended so. Its standard error decides between a refusal
 * for lack of real values (a placeholder's name, or the words of a missing key), a usage message,
 * and a plain failure; a server still running at the deadline timed out whatever it printed.
 */
export function classifyEnding(ending: Ending): Verdict {
  const text = ending.stderr.join("\n");
  if (ending.deadlinePassed)
    return {
      outcome: "timed_out",
      reason: `It did not list its tools before the deadline.${tail(ending.stderr)}`,
    };
  const named = ending.placeholders.find((name) => text.includes(name));
  if (named)
    return {
      outcome: "needs_credentials",
      reason: `It refused to start without a real value for ${named}.${tail(ending.stderr)}`,
    };
  if (CREDENTIALS.test(text))
    return {
      outcome: "needs_credentials",
      reason: `It refused to start without credentials.${tail(ending.stderr)}`,
    };
  if (ARGUMENTS.test(text))
    return {
      outcome: "needs_arguments",
      reason: `It asked for arguments the listing does not give.${tail(ending.stderr)}`,
    };
  const how = ending.signal
    ? `was killed by ${ending.signal}`
    : `exited with code ${ending.exitCode ?? "unknown"}`;
  return { outcome: "start_failed", reason: `It ${how} before listing its tools.${tail(ending.stderr)}` };
}
