import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { Express } from "express";
import { parse as parseYaml } from "yaml";
import {
  fillPath,
  matchOperation,
  OPERATIONS,
  pathParams,
  type OpenApiDocument,
  type Operation,
} from "@catalog/contracts";
import { EXAMPLES } from "@catalog/contracts/examples";
import { sharedData } from "@catalog/testing";
import { createApp } from "../../services/gateway/src/app.js";
import { artifactPath, launchChromium, loopbackOnly } from "../support/chromium.js";
import { serveGateway } from "../support/gateway.js";
import { startSdkStack, type SdkStack } from "../support/sdk-stack.js";

/**
 * Holds the gateway to its published document, as the official registry holds its handlers to
 * its API: every route of the app is declared, the document is valid OpenAPI 3.1, and each
 * declared operation answers, in its success and its error cases, with a status it documents
 * and a body its schema accepts. /v0.1 answers are held to the official registry's own document
 * too (../shared/data/registry-openapi.yaml).
 */
const registryDocument = parseYaml(readFileSync(sharedData("registry-openapi.yaml"), "utf8")) as {
  components: { schemas: Record<string, unknown> };
};

type Call = { method: string; path: string; body?: unknown; base?: "main" | "away"; type?: string };
type Answer = { status: number; contentType: string; cacheControl: string | null; body: unknown };

let stack: SdkStack;
let document: OpenApiDocument;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

beforeAll(async () => {
  stack = await startSdkStack();
  document = (await (await fetch(`${stack.url}/openapi.json`)).json()) as OpenApiDocument;
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

async function call(c: Call): Promise<Answer> {
  const base = c.base === "away" ? stack.unavailableUrl : stack.url;
  const response = await fetch(`${base}${c.path}`, {
    method: c.method,
    redirect: "manual",
    headers: {
      ...(c.body !== undefined && { "content-type": c.type ?? "application/json" }),
      ...(c.path === "/mcp" && { accept: "application/json, text/event-stream" }),
    },
    ...(c.body !== undefined && { body: typeof c.body === "string" ? c.body : JSON.stringify(c.body) }),
  });
  const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
  const text = await response.text();
  return {
    status: response.status,
    contentType,
    cacheControl: response.headers.get("cache-control"),
    body: contentType.endsWith("json") && text !== "" ? JSON.parse(text) : text,
  };
}

/** The documented answer of this status, or why there is none; then the body against its schema. */
function conformance(c: Call, answer: Answer): string[] {
  const op = matchOperation(OPERATIONS, c.method, c.path);
  if (!op) return [`${c.method} ${c.path}: no declared operation`];
  const documented = document.paths[op.path]?.[op.method];
  if (!documented) return [`${op.id}: not in /openapi.json`];
  const response = documented.responses[String(answer.status)] as
    { content?: Record<string, { schema: object }> } | undefined;
  if (!response) return [`${op.id}: status ${answer.status} is not documented`];
  if (!response.content) return [];
  const media = response.content[answer.contentType];
  if (!media) return [`${op.id} ${answer.status}: content type ${answer.contentType} is not documented`];
  if (!answer.contentType.endsWith("json")) return [];
  const validate = ajv.compile({ ...media.schema, components: document.components });
  return validate(answer.body)
    ? []
    : [
        `${op.id} ${answer.status}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(answer.body).slice(0, 300)}`,
      ];
}

/**
 * A /v0.1 answer against the official registry's schema of it. Entries are served as the
 * registry published them, and 269 of the 2025-12-18 snapshot's carry `repository: {}`, which
 * its own schema refuses: that one deviation of the upstream data is let through.
 */
function registryConformance(answer: Answer, schemaName: "ServerList" | "ServerResponse"): string[] {
  const validate = ajv.compile({
    $ref: `#/components/schemas/${schemaName}`,
    components: registryDocument.components,
  });
  if (validate(answer.body)) return [];
  const errors = (validate.errors ?? []).filter((e) => !/\/server\/repository$/.test(e.instancePath));
  return errors.length === 0 ? [] : [`official ${schemaName}: ${ajv.errorsText(errors)}`];
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 and declares security for X-API-Key and Bearer", async () => {
    const result = await new Validator().validate(document as Parameters<Validator["validate"]>[0]);
    expect(result).toEqual({ valid: true });
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys((document.components as { securitySchemes: object }).securitySchemes)).toEqual(
      expect.arrayContaining(["apiKey", "bearerKey"]),
    );
  });

  // The handled operations are served from their declarations (operations/mount.ts; a missing
  // handler fails the type check); the plain Express routes beside them must be declared too.
  it("declares every route the app serves", async () => {
    const gateway = await serveGateway(stack.h);
    try {
      const routes = routesOf(createApp(gateway.deps));
      // A route for every method (`all`) serves each operation at its path.
      const serves = (ops: readonly Operation[], { method, path: p }: (typeof routes)[number]) => {
        const sample = p.replace(/:\w+/g, "x").replace(/\*\w+$/, "");
        if (p.includes("*")) return ops.some((o) => o.path.replace(/\{\w+\}/g, "x").startsWith(sample));
        return ops.some((o) => matchOperation([o], method === "all" ? o.method : method, sample));
      };
      expect(routes.filter((route) => !serves(OPERATIONS, route))).toEqual([]);
      // And the other way: every plain declaration has its route (the rest mount themselves), but
      // the queue board's subtree, which bull-board's own router serves (queue-dashboard.test.ts).
      const unserved = OPERATIONS.filter(
        (op) => op.plain && !op.subtree && !routes.some((route) => serves([op], route)),
      );
      expect(unserved.map((op) => op.id)).toEqual([]);
    } finally {
      await gateway.close();
    }
  });
});

/**
 * The declared sample request of each operation that has one (its success case), once for every
 * server of the stack where its path names one.
 */
function sampleCalls(servers: string[]): Call[] {
  return OPERATIONS.flatMap(({ method, path, sample }) => {
    if (!sample) return [];
    const query = new URLSearchParams(sample.query).toString();
    const names = pathParams(path).includes("name") ? servers : [""];
    return names.map((name) => ({
      method: method.toUpperCase(),
      path: fillPath(path, { name }) + (query && `?${query}`),
    }));
  });
}

describe("every documented operation answers as documented", () => {
  it("in its success and error cases", async () => {
    const server = encodeURIComponent(stack.server);
    const registryServer = encodeURIComponent(stack.registryServer);
    const check = (await call({ method: "POST", path: "/v1/check?wait=20", body: { url: stack.remote } }))
      .body as { id: string };
    const calls: Call[] = [
      ...sampleCalls([stack.server, stack.registryServer]),
      { method: "GET", path: "/" },
      { method: "GET", path: "/healthz" },
      { method: "GET", path: "/openapi.json" },
      { method: "GET", path: "/docs" },
      { method: "GET", path: "/v1/search?q=weather&limit=0" },
      { method: "GET", path: "/v1/search?q=weather", base: "away" },
      { method: "GET", path: "/v1/views/verified/export/claude-code" },
      { method: "GET", path: "/v1/views/nope/export/gemini" },
      { method: "GET", path: `/v1/servers/${server}?schemas=maybe` },
      { method: "GET", path: "/v1/servers/io.github.nobody%2Fnothing" },
      { method: "GET", path: `/v1/servers/${server}`, base: "away" },
      { method: "GET", path: `/v1/servers/${server}/connection?target=emacs` },
      { method: "GET", path: `/v1/servers/${registryServer}/connection` },
      { method: "POST", path: "/v1/check", body: { url: stack.remote } },
      { method: "POST", path: "/v1/check", body: { url: "ftp://example.com/mcp" } },
      { method: "POST", path: "/v1/check", body: {} },
      { method: "GET", path: `/v1/check/${check.id}` },
      { method: "GET", path: "/v1/check/nope" },
      { method: "GET", path: `/check/${check.id}` },
      { method: "GET", path: "/check/nope" },
      { method: "GET", path: "/v0.1/servers?limit=3" },
      { method: "GET", path: "/v0.1/servers?limit=0" },
      { method: "GET", path: `/v0.1/servers/${registryServer}/versions` },
      { method: "GET", path: `/v0.1/servers/${registryServer}/versions/latest` },
      { method: "GET", path: "/v0.1/servers/io.github.nobody%2Fnothing/versions/latest" },
      { method: "GET", path: "/views/no-critical-advisories/v0.1/servers?limit=3" },
      { method: "GET", path: "/views/nope/v0.1/servers" },
      { method: "GET", path: `/views/no-critical-advisories/v0.1/servers/${registryServer}/versions` },
      { method: "GET", path: `/views/no-critical-advisories/v0.1/servers/${registryServer}/versions/latest` },
      { method: "GET", path: "/views/verified/v0.1/servers/io.github.nobody%2Fnothing/versions/latest" },
      { method: "POST", path: "/mcp", body: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
      { method: "GET", path: "/mcp" },
      { method: "DELETE", path: "/mcp" },
      { method: "GET", path: "/account" },
      { method: "GET", path: "/auth/login" },
    ];
    const failures: string[] = [];
    const answered = new Set<string>();
    const seen: Example[] = [];
    for (const c of calls) {
      const answer = await call(c);
      const op = matchOperation(OPERATIONS, c.method, c.path);
      if (op) answered.add(op.id);
      if (op) seen.push({ op: op.id, status: answer.status, real: c.path.includes(registryServer), answer });
      failures.push(...conformance(c, answer));
      if (answer.status === 200 && op?.cache && c.base !== "away" && answer.cacheControl !== op.cache)
        failures.push(`${op.id}: cache-control ${answer.cacheControl}, declared ${op.cache}`);
      if ((c.path.startsWith("/v0.1/") || c.path.startsWith("/views/")) && answer.status === 200)
        failures.push(
          ...registryConformance(answer, c.path.includes("/versions/") ? "ServerResponse" : "ServerList"),
        );
    }
    expect(failures).toEqual([]);
    // Every public operation that needs no browser session was called at least once.
    const untried = OPERATIONS.filter(
      (o) => !o.internal && o.access === "public" && !answered.has(o.id) && o.id !== "signInCallback",
    ).map((o) => o.id);
    expect(untried).toEqual([]);
    const examples = examplesOf(seen);
    if (process.env.UPDATE_OPENAPI_EXAMPLES) writeExamples(examples);
    // The document's examples are answers like these: each valid against its schema, none missing.
    failures.push(...invalidExamples());
    const missing = Object.entries(examples).flatMap(([id, byStatus]) =>
      Object.keys(byStatus)
        .filter((status) => EXAMPLES[id]?.[status] === undefined)
        .map((status) => `${id} ${status}`),
    );
    expect({ failures, missing }).toEqual({ failures: [], missing: [] });
  }, 120_000);
});

type Example = { op: string; status: number; real: boolean; answer: Answer };

/** Operations whose answers are not worth an example: the document itself, MCP messages. */
const NO_EXAMPLE = new Set(["openApi", "mcp", "mcpStream", "mcpEndSession"]);

/** One JSON answer per operation and status, from the registry snapshot's server where there is one. */
function examplesOf(seen: Example[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  const json = seen.filter((e) => !NO_EXAMPLE.has(e.op) && e.answer.contentType.endsWith("json"));
  for (const e of [...json.filter((x) => x.real), ...json.filter((x) => !x.real)])
    (out[e.op] ??= {})[e.status] ??= e.answer.body;
  return out;
}

/** Each example of the served document that its own schema refuses. */
function invalidExamples(): string[] {
  const out: string[] = [];
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, { operationId, responses }] of Object.entries(methods))
      for (const [status, response] of Object.entries(responses)) {
        const content = (response as { content?: Record<string, { schema: object; example?: unknown }> })
          .content;
        for (const media of Object.values(content ?? {})) {
          if (media.example === undefined) continue;
          const validate = ajv.compile({ ...media.schema, components: document.components });
          if (!validate(media.example))
            out.push(
              `example of ${operationId} (${method} ${path}) ${status}: ${ajv.errorsText(validate.errors)}`,
            );
        }
      }
  return out;
}

function writeExamples(examples: Record<string, Record<string, unknown>>): void {
  const file = fileURLToPath(
    new URL("../../packages/contracts/src/operations/examples.generated.ts", import.meta.url),
  );
  writeFileSync(
    file,
    "// Written by tests/integration/openapi-compliance.test.ts with UPDATE_OPENAPI_EXAMPLES=1: real answers\n" +
      "// of a stack over the registry snapshot (servers of the 2025-12-18 snapshot where the call names one).\n" +
      `export const EXAMPLES: Record<string, Record<string, unknown>> = ${JSON.stringify(examples, null, 2)};\n`,
  );
}

describe("/docs", () => {
  it("renders the document in Chromium from this server alone", async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      await loopbackOnly(context);
      const page = await context.newPage();
      const outside: string[] = [];
      page.on("request", (r) => {
        if (!r.url().startsWith(stack.url)) outside.push(r.url());
      });
      await page.goto(`${stack.url}/docs`);
      await page.locator(".opblock").first().waitFor({ timeout: 60_000 });
      expect(await page.locator(".opblock").count()).toBeGreaterThan(20);
      await page.screenshot({ path: artifactPath("api-docs.png"), fullPage: false });
      expect(outside).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});

type Layer = {
  rawPath?: string | string[];
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

/** Every (method, path) the express app routes, nested routers included; `all` handlers are fallbacks. */
function routesOf(app: Express): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods))
          out.push({ method: method === "_all" ? "all" : method, path: prefix + layer.route.path });
      } else if (layer.handle?.stack) {
        const mounts = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath ?? ""];
        for (const mount of mounts) walk(layer.handle.stack, prefix + (mount === "/" ? "" : mount));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
  return out;
}
