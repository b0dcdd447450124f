import { matchOperation, OPERATIONS, type Operation } from "@catalog/contracts";
import { CatalogClient } from "./client.js";

/**
 * What the SDKs promise (their READMEs: one method per endpoint of the REST API and of the /v0.1
 * mirror): every public operation that answers JSON, but the MCP endpoint (MCP clients speak to
 * it) and these. Session and operator routes are the account page's and the operators' CLI's;
 * HTML pages and sign-in redirects are for browsers. The Python SDK's test has the same scope.
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

const inSdks = (op: Operation) =>
  op.access === "public" && op.tag !== "MCP" && answersJson(op) && !(op.id in NOT_IN_SDKS);

const NAME = "io.example/weather";

/**
 * The method of each operation, called once. A view's registry API is the /v0.1 API under the
 * view's URL: a client whose base URL is the view's reads it with the registry methods.
 */
const CALLS: Record<string, (client: CatalogClient, view: CatalogClient) => Promise<unknown>> = {
  health: (c) => c.health(),
  searchServers: (c) => c.search("weather forecast"),
  listCategories: (c) => c.listCategories(),
  listViews: (c) => c.listViews(),
  exportView: (c) => c.exportView("reachable", "gemini"),
  getServer: (c) => c.getServer(NAME),
  listServerTools: (c) => c.listTools(NAME),
  getToolHistory: (c) => c.getToolHistory(NAME),
  getConnection: (c) => c.getConnection(NAME),
  getQuality: (c) => c.getQuality(NAME),
  getDependencies: (c) => c.getDependencies(NAME),
  checkServer: (c) => c.startCheck("https://mcp.example/mcp"),
  getCheck: (c) => c.getCheck("c1"),
  registryListServers: (c) => c.registryServers(),
  registryServerVersions: (c) => c.registryVersions(NAME),
  registryServerVersion: (c) => c.registryVersion(NAME),
  viewListServers: (_, view) => view.registryServers(),
  viewServerVersions: (_, view) => view.registryVersions(NAME),
  viewServerVersion: (_, view) => view.registryVersion(NAME),
};

/** The operations a call reached, as the gateway's router matches them. */
async function reached(call: (typeof CALLS)[string]): Promise<(string | undefined)[]> {
  const sent: [string, string][] = [];
  const client = (baseUrl: string) =>
    new CatalogClient({
      baseUrl,
      apiKey: "",
      fetch: async (url, init) => {
        sent.push([init?.method ?? "GET", new URL(String(url)).pathname]);
        return Response.json({});
      },
    });
  await call(client("http://sdk.test"), client("http://sdk.test/views/reachable"));
  return sent.map(([method, path]) => matchOperation(OPERATIONS, method, path)?.id);
}

describe("the TypeScript SDK's methods", () => {
  it("cover every operation the SDKs promise, and no other", () => {
    expect(Object.keys(CALLS).sort()).toEqual(
      OPERATIONS.filter(inSdks)
        .map((op) => op.id)
        .sort(),
    );
  });

  it.each(Object.entries(CALLS))("%s: its method sends that operation's request", async (id, call) => {
    expect(await reached(call)).toEqual([id]);
  });
});
