import { OPERATIONS } from "./all.js";
import { openApiDocument, type OpenApiDocument } from "./openapi.js";
import type { Operation } from "./operation.js";
import { pathParams } from "./paths.js";

/**
 * What the SDKs promise (their READMEs: one method per endpoint of the REST API and of the /v0.1
 * mirror): every public operation that answers JSON, but the MCP endpoint (MCP clients speak to
 * it) and these. Session and operator routes are the account page's and the operators' CLI's;
 * HTML pages and sign-in redirects are for browsers.
 */
const NOT_IN_SDKS: Record<string, string> = {
  openApi: "the OpenAPI document itself: the SDKs are generated from it",
  serviceIndex: "links to the surfaces, for a person or an agent finding its way",
};

const answersJson = (op: Operation) =>
  Object.entries(op.responses).some(
    ([status, r]) =>
      status.startsWith("2") && r.schema && (r.contentType ?? "application/json") === "application/json",
  );

/** The operations each SDK has a method for (their tests hold both SDKs to it). */
export const SDK_OPERATIONS: readonly Operation[] = OPERATIONS.filter(
  (op) => op.access === "public" && op.tag !== "MCP" && answersJson(op) && !(op.id in NOT_IN_SDKS),
);

// --- the methods both SDKs generate (packages/sdk-*/scripts/methods.mjs render them) -------------

/** A JSON Schema of the OpenAPI document: what each SDK's generator turns into a type. */
export type JsonSchema = { [keyword: string]: unknown };

/** One input of a method: a path or query parameter, a body field, or the whole body. */
export type SdkInput = {
  /** As the declaration names it (on the wire). */
  key: string;
  /** Its name in the SDKs (`serverName` is `name`), before a language's spelling (snake case, "_"). */
  name: string;
  schema: JsonSchema;
  where: "path" | "query" | "body" | "whole";
  required: boolean;
};

export type SdkMethod = {
  op: Operation;
  /** camelCase, as the TypeScript SDK spells it (the Python SDK's is its snake case). */
  name: string;
  /** Path parameters, then the required body fields and query parameters. */
  positional: SdkInput[];
  /** The optional rest of the query and body (an options object, keyword-only parameters). */
  optional: SdkInput[];
  /** The status of the answer read (the 2xx with a JSON body). */
  status: string | undefined;
  /** Written by hand in each SDK's client (search: overloads per `detail`, filters as lists). */
  handWritten: boolean;
  /** Defaults of positional parameters, by key. */
  defaults: Record<string, string>;
};

/**
 * An operation whose request is another's under a longer base URL (a registry view's
 * /views/{view}/v0.1/... is the /v0.1 API): a client based at `via`'s path prefixed with `base`
 * reads it with `via`'s method, so it gets no method of its own.
 */
export type SdkAlias = { op: Operation; via: Operation; base: string };

/**
 * Methods that keep the name or signature the SDKs first shipped with (renaming a public method
 * breaks callers); every other method is named after its operation's id.
 */
const KEPT: Record<
  string,
  { name: string; handWritten?: true; defaults?: Record<string, string>; positional?: string[] }
> = {
  searchServers: { name: "search", handWritten: true },
  listServerTools: { name: "listTools" },
  // The url stays first although a package may be checked instead (startCheck(url) shipped first).
  checkServer: { name: "startCheck", positional: ["url"] },
  registryListServers: { name: "registryServers" },
  registryServerVersions: { name: "registryVersions" },
  registryServerVersion: { name: "registryVersion", defaults: { version: "latest" } },
};

/** Parameters not named as in the declaration: the registry's `serverName` is `name`, as on /v1. */
const PARAM_NAMES: Record<string, string> = { serverName: "name" };

/** The parts of an operation's entry in the document a method is planned from. */
type Documented = OpenApiDocument["paths"][string][string] & {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema } | undefined> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};

/** The SDKs' methods, one per operation they cover, and the operations read through another's. */
export function sdkMethods(): { methods: SdkMethod[]; aliases: SdkAlias[] } {
  const document = openApiDocument(SDK_OPERATIONS, { baseUrl: "https://catalog.example", version: "sdk" });
  const methods: SdkMethod[] = [];
  const aliases: SdkAlias[] = [];
  for (const op of SDK_OPERATIONS) {
    const alias = viaBase(op);
    if (alias) aliases.push(alias);
    else methods.push(plan(op, document.paths[op.path]![op.method] as Documented));
  }
  return { methods, aliases };
}

function viaBase(op: Operation): SdkAlias | undefined {
  const via = SDK_OPERATIONS.find(
    (o) => o !== op && o.method === op.method && op.path.length > o.path.length && op.path.endsWith(o.path),
  );
  return via && { op, via, base: op.path.slice(0, -via.path.length) };
}

const input = (key: string, schema: JsonSchema, where: SdkInput["where"], required: boolean): SdkInput => ({
  key,
  name: PARAM_NAMES[key] ?? key,
  schema,
  where,
  required,
});

/** An operation's method: its inputs, positional or optional, and the answer's status. */
function plan(op: Operation, doc: Documented): SdkMethod {
  const parameters = doc.parameters ?? [];
  const path = pathParams(op.path).map((key) =>
    input(key, parameters.find((p) => p.in === "path" && p.name === key)!.schema, "path", true),
  );
  const query = parameters
    .filter((p) => p.in === "query")
    .map((p) => input(p.name, p.schema, "query", p.required === true));
  const kept = KEPT[op.id];
  const rest = [...bodyInputs(doc), ...query];
  const first = (i: SdkInput) => i.required || (kept?.positional?.includes(i.key) ?? false);
  return {
    op,
    name: kept?.name ?? op.id,
    positional: [...path, ...rest.filter(first)],
    optional: rest.filter((i) => !first(i)),
    status: Object.keys(doc.responses).find(
      (s) => s.startsWith("2") && doc.responses[s]!.content?.["application/json"],
    ),
    handWritten: kept?.handWritten ?? false,
    defaults: kept?.defaults ?? {},
  };
}

/** A JSON body's fields, each an input; a body that is no object is one input, the whole. */
function bodyInputs(doc: Documented): SdkInput[] {
  const body = doc.requestBody?.content["application/json"]?.schema;
  if (!body) return [];
  const properties = body.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [input("body", body, "whole", true)];
  const required = (body.required as string[] | undefined) ?? [];
  return Object.entries(properties).map(([key, schema]) =>
    input(key, schema, "body", required.includes(key)),
  );
}

/** "true" | "false" on the wire: a boolean in the SDKs (their transports send its text). */
export function isFlag(schema: JsonSchema): boolean {
  const values = schema.enum;
  return Array.isArray(values) && values.length === 2 && ["true", "false"].every((v) => values.includes(v));
}

/** Text as lines of at most `width` characters, each after `indent` (the SDKs' doc comments). */
export function wrapWords(text: string, indent: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && indent.length + lines[last]!.length + 1 + word.length <= width)
      lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines.map((line) => indent + line);
}
