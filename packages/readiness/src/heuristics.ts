import { answeredMcp, unknownNoAnswer, type ProbeAuth, type ReadinessRequirement } from "@catalog/contracts";
import type { ReadinessInput, ReadinessTool } from "./types.js";

type Verdict = Pick<ReadinessRequirement, "status" | "detail">;

export const verdict = (status: Verdict["status"], detail: string): Verdict => ({ status, detail });

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export function annotations(tool: ReadinessTool): Record<string, unknown> {
  return isObject(tool.annotations) ? tool.annotations : {};
}

export function description(tool: ReadinessTool): string {
  return typeof tool.description === "string" ? tool.description : "";
}

/** Property names of an input schema, nested objects and array items included (bounded depth). */
export function propertyNames(schema: unknown, depth = 0): string[] {
  if (!isObject(schema) || depth > 4) return [];
  const props = isObject(schema.properties) ? schema.properties : {};
  return [
    ...Object.keys(props),
    ...Object.values(props).flatMap((p) => propertyNames(p, depth + 1)),
    ...propertyNames(schema.items, depth + 1),
  ];
}

/** A UI resource (MCP Apps `_meta.ui.resourceUri` or the Apps SDK `openai/outputTemplate`). */
export function uiResource(tool: ReadinessTool): string | null {
  const meta = isObject(tool._meta) ? tool._meta : {};
  const ui = isObject(meta.ui) ? meta.ui : {};
  const uri = ui.resourceUri ?? meta["openai/outputTemplate"];
  return typeof uri === "string" ? uri : null;
}

const WRITE_VERBS =
  /^(create|add|update|edit|set|delete|remove|post|send|upload|write|put|patch|cancel|book|buy|purchase|pay|transfer|submit|publish|insert|modify|move|rename|archive|drop|reset|revoke|invite|share)/;

/** A name that starts with a verb that changes something (`create_issue`, `sendEmail`). */
export function isWriteLike(tool: ReadinessTool): boolean {
  return WRITE_VERBS.test(tool.name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase());
}

const normalize = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/-/g, "_");

/** Tools with an input property whose name matches one of `pattern`. */
export function toolsWithParams(tools: ReadinessTool[], pattern: RegExp): string[] {
  return tools
    .filter((t) => propertyNames(t.inputSchema).some((p) => pattern.test(normalize(p))))
    .map((t) => t.name);
}

/**
 * Instruction-like text in a tool's description or parameter names. Probed text is hostile and
 * can be megabytes long, so every test here runs in linear time: no pattern has a quantifier
 * that can rescan the text from many start positions (unbounded `[^.]*` or `\s*` after a
 * frequent prefix made a 40,000-character description take seconds). Gaps are bounded
 * (`\s{0,16}`, `\w{1,64}`), and the one rule that spans a whole sentence is a single
 * left-to-right scan instead of a regex.
 */
const INJECTION: ((text: string) => boolean)[] = [
  regex(/ignore (?:all |any )?(?:previous|prior|above|earlier) (?:instructions|prompts)/i),
  regex(/\byou must (?:always |first )?(?:call|use|run|invoke)\b/i),
  regex(/\balways (?:call|use|invoke|prefer) (?:this|the \w{1,64}) tool\b/i),
  regex(/\bbefore (?:calling|using) any other tool\b/i),
  hidesFromUser,
  regex(/<\s{0,16}(?:\/\s{0,16})?(?:important|system|instructions?)\s{0,16}>/i),
  regex(/[\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/),
];

function regex(pattern: RegExp): (text: string) => boolean {
  return (text) => pattern.test(text);
}

/** "do not tell/inform/mention/reveal" followed by "user" in the same sentence (no period between). */
const HIDING = /\bdo not (?:tell|inform|mention|reveal)\b|\buser\b|\./gi;

function hidesFromUser(text: string): boolean {
  const scan = new RegExp(HIDING); // its own lastIndex: the scan is re-entrant
  let armed = false;
  for (let m = scan.exec(text); m; m = scan.exec(text)) {
    const token = m[0].toLowerCase();
    if (token === ".") armed = false;
    else if (token === "user") {
      if (armed) return true;
    } else armed = true;
  }
  return false;
}

/** Whether any injection pattern appears in the text. */
export function looksInjected(text: string): boolean {
  return INJECTION.some((found) => found(text));
}

export const PROMOTIONAL = /\b(best|official|#1|number one|pick me|top[- ]rated|better than|the only)\b/i;

/** Tool checks need the tool list: unreachable servers are na, servers behind OAuth manual. */
export function withTools(input: ReadinessInput, judge: (tools: ReadinessTool[]) => Verdict): Verdict {
  if (input.probe.outcome === "auth_required" && input.tools.length === 0) {
    return verdict("manual", "The tools are behind authorization; check them after signing in.");
  }
  if (input.tools.length === 0) {
    return verdict(
      "na",
      input.probe.outcome === "ok" ? "The server lists no tools." : "The tool list could not be read.",
    );
  }
  return judge(input.tools);
}

export function list(names: string[]): string {
  return names.length > 3 ? `${names.slice(0, 3).join(", ")} and ${names.length - 3} more` : names.join(", ");
}

export const reachable = (probe: ReadinessInput["probe"]) => answeredMcp(probe.outcome);

/** Both directories ask for answers within a second: a timed handshake passes under 1000 ms. */
export function handshakeSpeed(ms: number): Verdict {
  return ms < 1000 ? verdict("pass", `Handshake in ${ms} ms.`) : verdict("warn", `Handshake took ${ms} ms.`);
}

/**
 * Authorization checks need an MCP answer: a probe that got none saw no authorization at all, and
 * its empty `auth` block would read as "none required".
 */
export function withAuth(input: ReadinessInput, judge: (auth: ProbeAuth) => Verdict): Verdict {
  return reachable(input.probe)
    ? judge(input.probe.auth)
    : verdict("na", unknownNoAnswer(input.probe.outcome));
}

/** OAuth a client can complete alone: metadata found, PKCE S256, CIMD or dynamic registration. */
export function oauthComplete(a: ProbeAuth): { ok: boolean; missing: string[] } {
  const missing = [
    ...a.problems,
    ...(a.client_id_metadata_document_supported || a.registration_endpoint
      ? []
      : ["Neither client ID metadata documents (CIMD) nor dynamic client registration is offered."]),
  ];
  return { ok: missing.length === 0, missing };
}
