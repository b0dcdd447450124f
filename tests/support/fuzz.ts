import fc from "fast-check";
import {
  BadRequestBodySchema,
  ErrorBodySchema,
  matchOperation,
  OPERATIONS,
  PACKAGE_REGISTRY_TYPES,
  ProblemSchema,
  encodeCursor,
  responsesOf,
} from "@catalog/contracts";

/**
 * Arbitraries for the API fuzz suite (tests/fuzz): hostile text as an attacker or a broken
 * client sends it, requests built from every endpoint's path and parameters, and the check
 * that an answer is in a documented shape.
 */

/** Values that reached PostgreSQL or a parser unvalidated before (issue 16), and their kin. */
const KNOWN_BAD = [
  "\u0000",
  "a\u0000b",
  "\u0001\u001f\u007f",
  "\ud800",
  "\udfff\ud800",
  "1",
  "foo 1",
  "-1",
  "0",
  "1e309",
  "NaN",
  "Infinity",
  "99999999999999999999",
  "9223372036854775808",
  "-9223372036854775809",
  "2025-02-30T00:00:00Z",
  "2025-13-01T00:00:00Z",
  "+275760-09-13T00:00:00.000Z",
  "0000-01-01T00:00:00Z",
  "2025-01-01T24:00:00Z",
  "2025-01-01",
  "latest",
  "../../etc/passwd",
  "io.github.x/y",
  "io.github.x/y:1.0.0",
  "a".repeat(600),
  "x".repeat(5000),
  " ",
  "",
  "true",
  "[]",
  "{}",
  "🙂",
  "ß\u0301",
  "<script>",
  "'; select 1; --",
  "%",
  "%00",
];

const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...KNOWN_BAD),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ maxLength: 40 }),
  fc.bigInt().map(String),
  fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? "Invalid" : d.toISOString())),
);

/** A cursor that decodes (the server cannot tell it from its own by its form), holding hostile parts. */
const forgedCursor = fc.oneof(
  fc.array(hostileText, { minLength: 1, maxLength: 3 }).map((parts) => encodeCursor(parts)),
  // A history position: (observed_at, id).
  fc
    .tuple(
      fc.oneof(
        hostileText,
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      ),
      fc.oneof(hostileText, fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String)),
    )
    .map((parts) => encodeCursor(parts)),
);

const paramValue = (known: readonly string[] = []): fc.Arbitrary<string> =>
  fc.oneof(hostileText, forgedCursor, ...(known.length > 0 ? [fc.constantFrom(...known)] : []));

/** UTF-8 percent-encoding that never throws (a lone surrogate becomes U+FFFD, as a client's would). */
function encode(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Percent sequences Express and decodeURIComponent refuse, sent raw. */
const brokenEscape = fc.constantFrom("%", "%zz", "%C0%AF", "%ED%A0%80", "%FF", "%E0%A4%A");

const segment = (known: readonly string[]) =>
  fc.oneof({ weight: 4, arbitrary: paramValue(known).map(encode) }, { weight: 1, arbitrary: brokenEscape });

/** A query string over the given keys: some left out, some repeated or bracketed. */
function queryOf(params: Record<string, readonly string[]>): fc.Arbitrary<string> {
  const pairs = Object.entries(params).map(([key, known]) =>
    fc.option(
      fc.tuple(
        fc.constantFrom(key, `${key}[]`, `${key}[a]`),
        fc.oneof(
          { weight: 4, arbitrary: paramValue(known).map(encode) },
          { weight: 1, arbitrary: brokenEscape },
        ),
        fc.boolean(),
      ),
      { freq: 2 },
    ),
  );
  return fc.tuple(...pairs).map((chosen) => {
    const parts: string[] = [];
    for (const pick of chosen) {
      if (!pick) continue;
      const [key, value, twice] = pick;
      parts.push(`${key}=${value}`);
      if (twice) parts.push(`${key}=${value}`);
    }
    return parts.length > 0 ? `?${parts.join("&")}` : "";
  });
}

/** GET paths over every read endpoint, names drawn from `servers` or hostile. */
export function getRequest(servers: readonly string[], checkIds: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    fc.tuple(fc.constantFrom(...servers), fc.boolean()).map(([n, escaped]) => (escaped ? encode(n) : n)),
    fc.tuple(segment([]), segment([])).map(([a, b]) => `${a}/${b}`),
    segment([]),
  );
  const serverPath = fc.tuple(
    name,
    fc.constantFrom("", "/tools", "/tools/history", "/connection", "/quality", "/dependencies", "/x"),
  );
  return fc.oneof(
    queryOf({
      q: ["slack", "send a message"],
      limit: ["10", "50", "51"],
      class: ["R0,L0", "R9"],
      transport: ["sse"],
      category: ["search"],
      min_trust: ["50", ""],
      // The last is longer than the HTTP parser's header limit: a 431.
      flags: ["deprecated", "deprecated,".repeat(2000)],
      exclude_flags: ["deprecated"],
    }).map((q) => `/v1/search${q}`),
    fc
      .tuple(
        serverPath,
        queryOf({
          schemas: ["true"],
          limit: ["1", "100"],
          cursor: [],
          before: [],
          days: ["1", "400"],
          target: ["claude-code-cli", "mcpServers"],
        }),
      )
      .map(([[n, rest], q]) => `/v1/servers/${n}${rest}${q}`),
    fc
      .tuple(
        fc.oneof(fc.constantFrom(...checkIds, "ab%00cd", "%C0%AF"), segment([])),
        queryOf({ wait: ["0", "1", "26", ""] }),
      )
      .map(([id, q]) => `/v1/check/${id}${q}`),
    fc.oneof(fc.constantFrom(...checkIds), segment([])).map((id) => `/check/${id}`),
    queryOf({
      cursor: servers.map((s) => `${s}:1.0.0`),
      limit: ["1", "100", "101"],
      search: ["github"],
      updated_since: ["2025-01-01T00:00:00Z"],
      version: ["latest"],
      include_deleted: ["true"],
    }).map((q) => `/v0.1/servers${q}`),
    fc
      .tuple(name, fc.option(segment(["latest", "1.0.0"])), queryOf({ include_deleted: ["true"] }))
      .map(([n, v, q]) => `/v0.1/servers/${n}/versions${v === null ? "" : `/${v}`}${q}`),
    fc.constantFrom("/healthz", "/v1/categories", "/v1", "/", "/v0.1"),
    fc.array(segment([]), { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join("/")}`),
  );
}

/** POST /v1/check bodies: JSON of any shape, URLs with hostile parts, and bodies that are not JSON. */
/** A package to check: a known registry or not, with hostile identifiers and versions. */
const hostilePackage = fc.record(
  {
    registry_type: fc.oneof(fc.constantFrom(...PACKAGE_REGISTRY_TYPES), hostileText),
    identifier: fc.oneof(
      hostileText,
      fc.constantFrom("weather-mcp", "@scope/weather", "https://a.example/x.mcpb"),
    ),
    version: fc.oneof(hostileText, fc.constantFrom("1.0.0", "1.0.0-rc.1+build", "^1.0.0", "latest")),
  },
  { requiredKeys: ["registry_type", "identifier"] },
);

export const checkBody: fc.Arbitrary<{ body: string; contentType: string }> = fc.record({
  body: fc.oneof(
    hostilePackage.map((pkg) => JSON.stringify({ package: pkg })),
    fc.json({ maxDepth: 3 }),
    hostileText.map((url) => JSON.stringify({ url })),
    hostileText.map((part) => JSON.stringify({ url: `http://127.0.0.1:9/${part}` })),
    hostileText.map((part) => JSON.stringify({ url: `https://${part}.example/mcp` })),
    hostileText,
  ),
  contentType: fc.constantFrom(
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "",
    "application/json; charset=latin1",
  ),
});

/** JSON-RPC over /mcp: calls of every tool with hostile arguments, other methods, batches, garbage. */
export function rpcBody(tools: readonly string[]): fc.Arbitrary<string> {
  const argument = fc.oneof(
    hostileText,
    fc.jsonValue({ maxDepth: 2 }),
    fc.integer(),
    fc.boolean(),
    hostilePackage,
  );
  const call = fc.record({
    jsonrpc: fc.constantFrom("2.0", "2.0", "1.0"),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)),
    method: fc.oneof(
      fc.constantFrom("tools/call", "tools/call", "tools/list", "initialize", "server/discover", "ping"),
      hostileText,
    ),
    params: fc.record({
      name: fc.oneof(fc.constantFrom(...tools), hostileText),
      arguments: fc.dictionary(
        fc.constantFrom(
          "q",
          "name",
          "limit",
          "cursor",
          "url",
          "package",
          "id",
          "wait",
          "target",
          "class",
          "flags",
          "schemas",
        ),
        argument,
        { maxKeys: 4 },
      ),
    }),
  });
  return fc.oneof(
    { weight: 6, arbitrary: call.map((c) => JSON.stringify(c)) },
    { weight: 1, arbitrary: fc.array(call, { minLength: 0, maxLength: 4 }).map((b) => JSON.stringify(b)) },
    // A batch whose requests share one id.
    { weight: 1, arbitrary: call.map((c) => JSON.stringify([c, { ...c }])) },
    { weight: 1, arbitrary: fc.json({ maxDepth: 2 }) },
    { weight: 1, arbitrary: hostileText },
  );
}

export type Answer = { status: number; contentType: string; text: string };

/**
 * Why an answer is outside the documented shapes, or null when it is in one: a 5xx, a status its
 * operation does not document, or a body in no documented error shape.
 */
export function shapeProblem(path: string, answer: Answer, method = "GET"): string | null {
  if (answer.status >= 500) return `status ${answer.status}`;
  const op = matchOperation(OPERATIONS, method, path);
  if (op && answer.status >= 400 && !(String(answer.status) in responsesOf(op)))
    return `a ${answer.status} that ${op.id} does not document`;
  if (answer.status < 400 || answer.contentType.startsWith("text/html")) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `a ${answer.status} whose body is not JSON`;
  }
  if (path.startsWith("/mcp")) {
    const rpc = body as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } };
    if (rpc.jsonrpc === "2.0" && typeof rpc.error?.code === "number") return null;
    return ErrorBodySchema.safeParse(body).success ? null : "an /mcp error in no documented shape";
  }
  if (ProblemSchema.safeParse(body).success && path.startsWith("/v0.1")) return null;
  const rest = ErrorBodySchema.safeParse(body);
  if (!rest.success) return `a ${answer.status} in no documented error shape`;
  if (rest.data.error === "bad_request" && !BadRequestBodySchema.safeParse(body).success)
    return "a bad_request without issues.fieldErrors";
  return null;
}
