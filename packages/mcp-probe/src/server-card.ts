import {
  cardFacts,
  serverCardUrls,
  type ProbeServerCard,
  type ServerCardLocation,
  type SERVER_CARD_READS,
} from "@catalog/contracts";
import { findPolicyError, type SafeFetch, type SafeHttp } from "@catalog/url-policy";
import { clipText } from "./limits.js";
import type { ProbeReport } from "./probe.js";
import { Recorder } from "./recorder.js";

type Attempt = ProbeServerCard["attempts"][number];
type Read = (typeof SERVER_CARD_READS)[number];

/** Longest detail kept of a location's failure (a refused redirect names its target). */
const MAX_DETAIL = 300;

/**
 * Reads the server card (SEP-2127) of a streamable HTTP URL: `<url>/server-card`, then the
 * three `.well-known` locations on its origin, one GET each through the probe's safe fetch
 * (URL policy on every redirect hop, the body cap, the probe's deadline). It stops at the
 * first card: the locations are alternatives, not parts, and a server without a card (most of
 * them) still costs four requests at most. A card is kept up to `maxBytes` of JSON; a larger
 * answer is read no further than that and recorded as oversized. Never throws.
 */
export async function readServerCard(
  mcpUrl: string,
  fetch: SafeFetch,
  maxBytes: number,
): Promise<ProbeServerCard> {
  const attempts: Attempt[] = [];
  for (const { location, url } of serverCardUrls(mcpUrl)) {
    const got = await readLocation(location, url, fetch, maxBytes);
    attempts.push(got.attempt);
    if (got.card) {
      const facts = cardFacts(got.card);
      return { status: "found", location, url, bytes: got.bytes ?? null, ...facts, card: got.card, attempts };
    }
  }
  const unreadable = attempts.some((a) => a.read === "malformed" || a.read === "oversized");
  return {
    status: unreadable ? "unreadable" : "absent",
    location: null,
    url: null,
    bytes: null,
    name: null,
    remotes: null,
    embeds: [],
    card: null,
    attempts,
  };
}

type Got = { attempt: Attempt; card?: Record<string, unknown>; bytes?: number };

async function readLocation(
  location: ServerCardLocation,
  url: string,
  fetch: SafeFetch,
  maxBytes: number,
): Promise<Got> {
  const attempt = (read: Read, status: number | null, detail: string | null): Attempt => ({
    location,
    url,
    read,
    http_status: status,
    detail: detail === null ? null : clipText(detail, MAX_DETAIL),
  });
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "application/json" } });
  } catch (err) {
    // A redirect (or a name) to an address the URL policy refuses is refused, not failed.
    const policy = findPolicyError(err);
    return { attempt: attempt(policy ? "refused" : "failed", null, policy?.reason ?? message(err)) };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    return { attempt: attempt("absent", res.status, `HTTP ${res.status}.`) };
  }
  const body = await readCapped(res, maxBytes);
  if ("oversized" in body) {
    return { attempt: attempt("oversized", res.status, `More than the ${maxBytes} bytes a card may have.`) };
  }
  if ("error" in body) return { attempt: attempt("failed", res.status, message(body.error)) };
  const card = parseCard(body.text);
  if (typeof card === "string") return { attempt: attempt("malformed", res.status, card) };
  return { attempt: attempt("card", res.status, null), card, bytes: Buffer.byteLength(body.text) };
}

type Body = { text: string } | { oversized: true } | { error: unknown };

/** The body as text, or oversized as soon as it passes `maxBytes` (the rest is not read). */
async function readCapped(res: Response, maxBytes: number): Promise<Body> {
  const length = Number(res.headers.get("content-length") ?? NaN);
  if (length > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return { oversized: true };
  }
  if (!res.body) return { text: "" };
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen += value.byteLength;
      if (seen > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { oversized: true };
      }
      chunks.push(value);
    }
  } catch (err) {
    // The safe client's own body cap (PROBE_MAX_BODY_BYTES) may be the lower of the two.
    if (findPolicyError(err)?.code === "body_too_large") return { oversized: true };
    return { error: err };
  }
  return { text: Buffer.concat(chunks).toString("utf8") };
}

/** The card, or why the text is not one: a JSON object with a string `name` (SEP-2127's one required member). */
function parseCard(text: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "Not JSON.";
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "Not a JSON object.";
  const card = value as Record<string, unknown>;
  if (typeof card.name !== "string" || !card.name) return "The object has no name.";
  return card;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Outcomes where nothing answered on the host: no card can be read either. */
const SILENT = new Set(["timeout", "tls_error", "dns_error", "refused"]);

/**
 * The probe's report with the server card read in the time the probe left of its deadline
 * (null when the host never answered, or no time is left), on a recorder of its own: the card's
 * requests never change the probe's outcome, status or redirects.
 */
export async function withServerCard(
  report: ProbeReport,
  mcpUrl: string,
  http: SafeHttp,
  maxBytes: number,
  timeoutMs: number,
): Promise<ProbeReport> {
  const left = timeoutMs - report.result.timings.total_ms;
  if (SILENT.has(report.result.outcome) || left <= 0) {
    return { ...report, result: { ...report.result, server_card: null } };
  }
  const started = performance.now();
  const fetch = new Recorder().fetch(http, AbortSignal.timeout(left));
  const card = await readServerCard(mcpUrl, fetch, maxBytes);
  const total = report.result.timings.total_ms + Math.round(performance.now() - started);
  return {
    ...report,
    result: { ...report.result, server_card: card, timings: { ...report.result.timings, total_ms: total } },
  };
}
