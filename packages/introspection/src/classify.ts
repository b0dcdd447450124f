import type { Verdict } from "./outcome.js";

/** How a started server ended before it listed its tools. */
export type Ending = {
  exitCode: number | null;
  signal: string | null;
  /** The last lines it printed besides MCP (standard output's, then standard error's), scrubbed. */
  stderr: string[];
  /** Whether the deadline passed while it was still running (it was then killed). */
  deadlinePassed: boolean;
  /** The variables and arguments given placeholders. */
  placeholders: string[];
};

const CREDENTIALS =
  /api[ _-]?key|access[ _-]?key|(?:access|auth|api|bearer)[ _-]?token|token (?:is )?(?:missing|required|not set|invalid)|unauthori[sz]ed|credential|not authenticated|authentication (?:failed|required)|\b401\b/i;
/** A variable named as a secret, said to be missing ("Either BITBUCKET_TOKEN or ... is required"). */
const SECRET_VARIABLE_MISSING =
  /\b[A-Z][A-Z0-9]*_(?:TOKEN|KEY|SECRET|PASSWORD|PAT)\b[^\n]{0,80}?\b(?:required|missing|not set|not provided|must be (?:set|provided))/;
const ARGUMENTS =
  /\busage:|missing (?:required )?(?:argument|option|parameter)|required (?:argument|option)|unknown (?:command|option)|not enough arguments|expected \d+ arguments?|(?:provide|pass|specify)\b[^\n]{0,60}?\b(?:command[- ]line )?arguments?\b|^\s*(?:commands|available commands):/im;
/** A command-line tool that says which subcommand starts its server ("Run 'tool mcp' to start"). */
const SUBCOMMAND = /\brun\b[^\n]{0,80}?\n?[^\n]{0,40}?\b(?:mcp|stdio)\b/i;
/** It tried the network while starting: the sandbox has none (a download, a remote check). */
const NETWORK =
  /\b(?:ENOTFOUND|EAI_AGAIN|ENETUNREACH|ECONNREFUSED|getaddrinfo)\b|fetch failed|request failed/i;
/** A native part that install scripts would have built or fetched; installs run with scripts off. */
const NATIVE =
  /failed to load native|could not locate the bindings file|cannot find module '[^'\n]{0,200}?\.node'|compiled against a different node\.js|NODE_MODULE_VERSION/i;

/** Stack frames and Node's version banner say nothing of why; the lines above them do. */
const NOISE = /^(?:at |Node\.js v)/;

const tail = (stderr: string[]): string => {
  const telling = stderr.filter((line) => !NOISE.test(line)).slice(-3);
  return telling.length ? ` Last lines: ${telling.join(" | ")}` : "";
};

/**
 * Why a server that never listed its tools ended so. What it printed decides between a refusal for
 * lack of real values (a placeholder's name, or the words of a missing key), a part the sandbox
 * cannot give (a native build, the network), a usage message, and a plain failure; a server still
 * running at the deadline timed out whatever it printed.
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
  if (CREDENTIALS.test(text) || SECRET_VARIABLE_MISSING.test(text))
    return {
      outcome: "needs_credentials",
      reason: `It refused to start without credentials.${tail(ending.stderr)}`,
    };
  if (NATIVE.test(text))
    return {
      outcome: "not_introspectable_here",
      reason: `It needs a native part its install scripts would build or fetch, and introspection installs with scripts off.${tail(ending.stderr)}`,
    };
  if (NETWORK.test(text))
    return {
      outcome: "not_introspectable_here",
      reason: `It tried to reach the network while starting, and the sandbox has none.${tail(ending.stderr)}`,
    };
  if (ARGUMENTS.test(text) || SUBCOMMAND.test(text))
    return {
      outcome: "needs_arguments",
      reason: `It asked for arguments the listing does not give.${tail(ending.stderr)}`,
    };
  if (ending.exitCode === 0 && ending.stderr.length > 0)
    return {
      outcome: "needs_arguments",
      reason: `It printed text and exited by itself without speaking MCP, as a command-line tool started without the subcommand that serves MCP does.${tail(ending.stderr)}`,
    };
  const how = ending.signal
    ? `was killed by ${ending.signal}`
    : `exited with code ${ending.exitCode ?? "unknown"}`;
  return { outcome: "start_failed", reason: `It ${how} before listing its tools.${tail(ending.stderr)}` };
}
