import { matchOperation, OPERATIONS, SDK_OPERATIONS } from "@catalog/contracts";
import { CatalogClient } from "./client.js";

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
    expect(Object.keys(CALLS).sort()).toEqual(SDK_OPERATIONS.map((op) => op.id).sort());
  });

  it.each(Object.entries(CALLS))("%s: its method sends that operation's request", async (id, call) => {
    expect(await reached(call)).toEqual([id]);
  });
});
