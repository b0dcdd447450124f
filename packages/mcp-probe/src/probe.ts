import type { AccessClass, ProbeAuth, ProbeResult, ProbeTool } from "@catalog/contracts";
import type { SafeFetch, SafeHttp } from "@catalog/url-policy";
import { canonicalJson } from "@catalog/registry";
import type { ProbeCloaking } from "@catalog/contracts";
import {
  listTools,
  openSession,
  type ClientIdentity,
  type ProbedTool,
  type Session,
  type ToolListing,
  type Transport,
} from "./connect.js";
import { clipText, DEFAULT_PROBE_LIMITS, type ProbeLimits } from "./limits.js";
import { classifyNetworkError, type Verdict } from "./network-errors.js";
import { unreachedResult } from "./unreached.js";
import { discoverAuth } from "./oauth.js";
import { Recorder } from "./recorder.js";
import { withServerCard } from "./server-card.js";

export type ProbeOptions = Partial<ProbeLimits> & {
  /** The safe HTTP client: URL policy, pinned DNS, redirect and body limits. */
  http: SafeHttp;
  /** The whole probe's deadline. */
  timeoutMs?: number;
  /** The transport the catalog declares for this remote; working only on the other one is wrong_transport. */
  expectedTransport?: Transport;
  /** List the tools again as this client (clientInfo and User-Agent) and report a difference. */
  compareAs?: ClientIdentity;
  /**
   * The last tools/list is cacheable until then (2026-07-28 ttlMs): before it, only the
   * handshake runs and the result says the list was reused (the catalog carries it forward).
   */
  listFreshUntil?: Date;
};

/** Longest text kept of what a server says about itself elsewhere (OAuth metadata, errors). */
const MAX_OTHER_TEXT = 2048;
/** Most entries kept of a list in OAuth metadata (scopes, authorization servers, problems). */
const MAX_OTHER_ENTRIES = 100;

/** The probe result for reports, and the whole tool definitions for quality checks and the catalog. */
export type ProbeReport = { result: ProbeResult; tools: ProbedTool[] };

type Attempt = { session: Session; recorder: Recorder } | { error: unknown; recorder: Recorder };

const HTTP_ERROR_STATUSES = (status: number) =>
  status >= 500 || status === 403 || status === 429 || status === 408;

/**
 * Probes one MCP URL: streamable HTTP with version negotiation, then the legacy HTTP+SSE
 * transport; OAuth discovery when the server answers 401; tools/list with pagination. Never
 * throws for anything the remote does: every failure is an outcome with a detail.
 */
export async function probeMcp(rawUrl: string, options: ProbeOptions): Promise<ProbeReport> {
  const report = await probeEndpoint(rawUrl, options);
  return withServerCard(
    report,
    rawUrl,
    options.http,
    probeLimits(options).maxSchemaBytes,
    options.timeoutMs ?? 15_000,
  );
}

async function probeEndpoint(rawUrl: string, options: ProbeOptions): Promise<ProbeReport> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const limits = probeLimits(options);
  const startedAt = new Date();
  const started = performance.now();
  const deadline = AbortSignal.timeout(timeoutMs);
  const url = new URL(rawUrl);
  const remaining = () => Math.max(1, timeoutMs - Math.round(performance.now() - started));
  const attempt = async (transport: Transport): Promise<Attempt> => {
    const recorder = new Recorder();
    try {
      const fetch = recorder.fetch(options.http, deadline);
      return { session: await openSession(transport, url, fetch, remaining(), deadline), recorder };
    } catch (error) {
      return { error, recorder };
    }
  };

  /** The tools as another client is shown them, against `own`; null when that listing failed. */
  const listedAs = async (
    identity: ClientIdentity,
    transport: Transport,
    own: ProbedTool[],
  ): Promise<ProbeCloaking | null> => {
    const fetch = asClient(new Recorder().fetch(options.http, deadline), identity);
    const other = await openSession(transport, url, fetch, remaining(), deadline, identity).catch(() => null);
    if (!other) return null;
    try {
      const listing = await listTools(other, limits, remaining(), deadline);
      return listing.error === null ? compareListings(identity, own, listing.tools) : null;
    } finally {
      await other.client.close().catch(() => undefined);
    }
  };

  let connected = await attempt("streamable-http");
  const attempts = [connected];
  if ("error" in connected && shouldTrySse(connected)) {
    connected = await attempt("sse");
    attempts.push(connected);
  }
  const first = attempts[0]!;
  const build = (fields: Partial<ProbeResult> & Verdict, tools: ProbedTool[] = []): ProbeReport => {
    const answer = connected.recorder.lastAnswer() ?? first.recorder.lastAnswer();
    const result: ProbeResult = bounded(limits, {
      ...unreachedResult(url.toString(), fields, startedAt, new Date()),
      final_url: finalUrl(first.recorder, url),
      tools: tools.map(summarize),
      tool_count: tools.length,
      redirects: first.recorder.redirects,
      http_status: answer?.status ?? null,
      ...fields,
      timings: {
        handshake_ms: null,
        tools_ms: null,
        ...fields.timings,
        total_ms: Math.round(performance.now() - started),
      },
    });
    return { result, tools };
  };

  if ("session" in connected) {
    const { session } = connected;
    try {
      if (options.listFreshUntil && options.listFreshUntil.getTime() > Date.now()) {
        return build(reusedList(session, options.listFreshUntil, options.expectedTransport));
      }
      const listing = await listTools(session, limits, remaining(), deadline);
      // No page read and a 401 on the wire after the handshake: tools/list is behind sign-in.
      const gate = listing.pages === 0 ? connected.recorder.unauthorized() : undefined;
      if (gate) {
        const auth = await discoverAuth(url, gate.headers, new Recorder().fetch(options.http, deadline));
        return build({
          ...lateGateVerdict(session, auth),
          ...sessionFields(session, listing, "late_gate"),
          auth,
        });
      }
      const cloaking =
        options.compareAs && listing.error === null
          ? await listedAs(options.compareAs, session.transport, listing.tools)
          : null;
      return build(
        {
          ...sessionVerdict(session, listing, limits, options.expectedTransport),
          ...sessionFields(session, listing),
          cloaking,
        },
        listing.tools,
      );
    } finally {
      await session.client.close().catch(() => undefined);
    }
  }

  const challenged = attempts.findIndex((a) => a.recorder.unauthorized());
  const challenge = attempts[challenged]?.recorder.unauthorized();
  if (challenge) {
    const discovery = new Recorder();
    const auth: ProbeAuth = await discoverAuth(
      url,
      challenge.headers,
      discovery.fetch(options.http, deadline),
    );
    return build({
      outcome: "auth_required",
      detail: auth.problems.length
        ? `Requires OAuth authorization; the metadata has ${auth.problems.length} problem(s).`
        : "Requires OAuth authorization; the metadata is complete.",
      auth,
      transport: challenged === 0 ? "streamable-http" : "sse",
      access: "hard_gate",
    });
  }

  return build(failureVerdict(attempts, timeoutMs, deadline));
}

function probeLimits(options: ProbeOptions): ProbeLimits {
  const limits = { ...DEFAULT_PROBE_LIMITS };
  for (const key of Object.keys(limits) as (keyof ProbeLimits)[]) {
    const value = options[key];
    if (value !== undefined) limits[key] = value;
  }
  return limits;
}

/**
 * The parts of a result a server writes besides its tools, cut to size: what it says about
 * itself (server_info, up to the description limit) and its OAuth metadata, which the result
 * repeats in lists and problems (each text to MAX_OTHER_TEXT, each list to MAX_OTHER_ENTRIES).
 */
function bounded(limits: ProbeLimits, result: ProbeResult): ProbeResult {
  const text = (s: string) => clipText(s, MAX_OTHER_TEXT);
  const orNull = (s: string | null) => (s === null ? null : text(s));
  const texts = (list: string[]) => list.slice(0, MAX_OTHER_ENTRIES).map(text);
  const info = result.server_info;
  const about = (s: string) => clipText(s, limits.maxDescriptionChars);
  const auth = result.auth;
  return {
    ...result,
    detail: text(result.detail),
    tools_error: orNull(result.tools_error),
    server_info: info && {
      name: about(info.name),
      version: about(info.version),
      title: info.title === null ? null : about(info.title),
      description: info.description === null ? null : about(info.description),
    },
    auth: {
      ...auth,
      resource_metadata_url: orNull(auth.resource_metadata_url),
      resource: orNull(auth.resource),
      authorization_servers: texts(auth.authorization_servers),
      scopes_supported: texts(auth.scopes_supported),
      registration_endpoint: orNull(auth.registration_endpoint),
      authorization_endpoint: orNull(auth.authorization_endpoint),
      token_endpoint: orNull(auth.token_endpoint),
      authorization_server_metadata_url: orNull(auth.authorization_server_metadata_url),
      issuer: orNull(auth.issuer),
      challenge_scope: orNull(auth.challenge_scope),
      problems: texts(auth.problems),
    },
  };
}

/** Another transport is worth trying only when the server answered, just not with MCP. */
function shouldTrySse(attempt: Attempt & { error: unknown }): boolean {
  if (attempt.recorder.unauthorized()) return false;
  if (classifyNetworkError(attempt.error, attempt.recorder.redirects.length > 0)) return false;
  const answer = attempt.recorder.lastAnswer();
  return answer !== undefined && !HTTP_ERROR_STATUSES(answer.status);
}

function sessionVerdict(
  session: Session,
  listing: ToolListing,
  limits: ProbeLimits,
  expected: Transport | undefined,
): Verdict {
  const version = session.version ?? "an unknown version";
  if (expected && expected !== session.transport) {
    return {
      outcome: "wrong_transport",
      detail: `Declared as ${expected}, but the server answers MCP ${version} only over ${session.transport}.`,
    };
  }
  const error = listing.error;
  const tools = error
    ? `; ${error}${error.endsWith(".") ? "" : "."}`
    : ` with ${listing.tools.length} tool(s).`;
  const shortened = listing.shortened
    ? ` ${listing.shortened} tool definition(s) were shortened to what a probe keeps (${limits.maxDescriptionChars} characters of text, ${limits.maxSchemaBytes} bytes of schema).`
    : "";
  return { outcome: "ok", detail: `Answered MCP ${version} over ${session.transport}${tools}${shortened}` };
}

/**
 * The handshake answered and the last list is still cacheable: no tools/list (nor the cloaking
 * comparison, itself a listing). The last list answered unauthenticated, so the access stays open.
 */
function reusedList(
  session: Session,
  until: Date,
  expected: Transport | undefined,
): Partial<ProbeResult> & Verdict {
  const version = session.version ?? "an unknown version";
  const wrong = expected && expected !== session.transport;
  return {
    outcome: wrong ? "wrong_transport" : "ok",
    detail: wrong
      ? `Declared as ${expected}, but the server answers MCP ${version} only over ${session.transport}.`
      : `Answered MCP ${version} over ${session.transport}; the tool list was not asked for again, the last one is cacheable until ${until.toISOString()}.`,
    ...sessionFields(session, { tools: [], pages: 0, ms: 0, error: null, shortened: 0, cache: null }, "open"),
    timings: { total_ms: 0, handshake_ms: session.handshakeMs, tools_ms: null },
    tools_reused_until: until.toISOString(),
  };
}

/** The handshake answered but tools/list asked for sign-in: reachable, tools unknown until then. */
function lateGateVerdict(session: Session, auth: ProbeAuth): Verdict {
  const version = session.version ?? "an unknown version";
  const metadata = auth.problems.length
    ? `the metadata has ${auth.problems.length} problem(s)`
    : "the metadata is complete";
  return {
    outcome: "auth_required",
    detail: `Answered MCP ${version} over ${session.transport}; tools/list requires OAuth authorization (${metadata}), so the tools are unknown until sign-in.`,
  };
}

/** What a session showed; `open` once a tools/list page answered without credentials. */
function sessionFields(
  session: Session,
  listing: ToolListing,
  access: AccessClass | null = listing.pages > 0 ? "open" : null,
): Partial<ProbeResult> {
  return {
    transport: session.transport,
    protocol: { era: session.era, version: session.version, supported_versions: session.supportedVersions },
    server_info: session.serverInfo,
    capabilities: session.capabilities,
    access,
    tools_cache: listing.cache,
    tool_pages: listing.pages,
    tools_error: listing.error,
    timings: { total_ms: 0, handshake_ms: session.handshakeMs, tools_ms: listing.ms },
  };
}

/** Why no transport worked: the network first, then what the server answered. */
function failureVerdict(attempts: Attempt[], timeoutMs: number, deadline: AbortSignal): Verdict {
  for (const a of attempts) {
    const error = "error" in a ? a.error : undefined;
    const network = classifyNetworkError(error, a.recorder.redirects.length > 0);
    if (network) return network;
    for (const f of a.recorder.failures) {
      const verdict = classifyNetworkError(f.error, a.recorder.redirects.length > 0);
      if (verdict) return verdict;
    }
  }
  const first = attempts[0]!;
  const answer = first.recorder.lastAnswer();
  if (deadline.aborted || isTimeout(first)) {
    return { outcome: "timeout", detail: `No MCP answer within ${timeoutMs} ms.` };
  }
  if (!answer) return { outcome: "refused", detail: `No answer: ${message(first)}` };
  if (HTTP_ERROR_STATUSES(answer.status)) {
    return { outcome: "http_error", detail: `The server answered HTTP ${answer.status}.` };
  }
  const type = answer.headers.get("content-type") ?? "no content type";
  return {
    outcome: "not_mcp",
    detail: `Neither streamable HTTP nor HTTP+SSE answered MCP (HTTP ${answer.status}, ${type.split(";")[0]}).`,
  };
}

function isTimeout(a: Attempt): boolean {
  const code = "error" in a ? (a.error as { code?: unknown }).code : undefined;
  return code === "REQUEST_TIMEOUT";
}

function message(a: Attempt): string {
  return "error" in a ? String((a.error as Error).message ?? a.error) : "unknown";
}

/** Where the first request finally landed after its redirects. */
function finalUrl(recorder: Recorder, url: URL): string {
  let current = url.toString();
  for (const r of recorder.redirects) if (r.from === current) current = r.to;
  return current;
}

function summarize(tool: ProbedTool): ProbeTool {
  const annotations = isObject(tool.annotations) ? tool.annotations : null;
  const title =
    typeof tool.title === "string"
      ? tool.title
      : typeof annotations?.title === "string"
        ? annotations.title
        : null;
  return {
    name: tool.name,
    title,
    description: typeof tool.description === "string" ? tool.description : "",
    annotations,
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Most tool names kept per list of a cloaking report. */
const MAX_CLOAKED_NAMES = 50;

/** Requests that carry the identity in their User-Agent too, as real clients' do. */
function asClient(fetch: SafeFetch, identity: ClientIdentity): SafeFetch {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("user-agent", `${identity.name}/${identity.version}`);
    return fetch(input, { ...init, headers });
  };
}

/** What `identity` is shown against what the prober is: by name, definitions compared canonically. */
function compareListings(identity: ClientIdentity, own: ProbedTool[], theirs: ProbedTool[]): ProbeCloaking {
  const mine = new Map(own.map((t) => [t.name, canonicalJson(t)]));
  const seen = new Map(theirs.map((t) => [t.name, canonicalJson(t)]));
  const names = (list: string[]) =>
    list
      .sort()
      .slice(0, MAX_CLOAKED_NAMES)
      .map((n) => clipText(n, 200));
  const added = names([...seen.keys()].filter((n) => !mine.has(n)));
  const removed = names([...mine.keys()].filter((n) => !seen.has(n)));
  const changed = names([...seen].filter(([n, def]) => mine.has(n) && mine.get(n) !== def).map(([n]) => n));
  return {
    identity: `${identity.name}/${identity.version}`,
    differs: added.length + removed.length + changed.length > 0,
    added,
    removed,
    changed,
  };
}
