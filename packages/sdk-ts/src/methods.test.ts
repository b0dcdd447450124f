import { matchOperation, OPERATIONS, pathParams, SDK_OPERATIONS } from "@catalog/contracts";
import { CatalogClient } from "./client.js";
import { OPERATION_METHODS } from "./generated/operations.js";

/** A value for a positional parameter: a server name (with its slash) where the declaration has one. */
const sample = (param: string) =>
  param === "name" || param === "serverName" ? "io.example/weather" : `sample-${param}`;

/** A path template with sample parameters: /views/{view} -> /views/sample-view. */
const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, param: string) => sample(param));

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * The operations the method of `id` reached, called with sample positional parameters, as the
 * gateway's router matches them. An operation under a longer base URL (a view's registry API is
 * the /v0.1 API under the view's URL) is called on a client based there.
 */
async function reached(id: string): Promise<(string | undefined)[]> {
  const entry = OPERATION_METHODS[id];
  if (!entry) throw new Error(`no method for ${id}: regenerate with \`pnpm run methods\``);
  const { name, params, base = "" } = entry;
  const sent: [string, string][] = [];
  const client = new CatalogClient({
    baseUrl: `http://sdk.test${fill(base)}`,
    apiKey: "",
    fetch: async (url, init) => {
      sent.push([init?.method ?? "GET", new URL(String(url)).pathname]);
      return Response.json({});
    },
  });
  const method = (client as unknown as Record<string, Method | undefined>)[name];
  if (typeof method !== "function") throw new Error(`CatalogClient has no method ${name} for ${id}`);
  await method.apply(client, params.map(sample));
  return sent.map(([verb, path]) => matchOperation(OPERATIONS, verb, path)?.id);
}

describe("the TypeScript SDK's methods", () => {
  it("cover every operation the SDKs promise, and no other", () => {
    expect(Object.keys(OPERATION_METHODS).sort()).toEqual(SDK_OPERATIONS.map((op) => op.id).sort());
  });

  it.each(SDK_OPERATIONS.map((op) => [op.id, op] as const))(
    "%s: its method sends that operation's request",
    async (id, op) => {
      expect(await reached(id)).toEqual([id]);
      // Path parameters come first, in the path's order.
      const { params, base = "" } = OPERATION_METHODS[id]!;
      const own = pathParams(op.path.slice(base.length));
      expect(params.slice(0, own.length)).toEqual(own);
    },
  );
});
