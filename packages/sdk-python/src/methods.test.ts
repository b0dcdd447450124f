import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { matchOperation, OPERATIONS, SDK_OPERATIONS } from "@catalog/contracts";

/**
 * The method of each operation, as Python called on `client`, or on `view`: a view's registry API
 * is the /v0.1 API under the view's URL, read with the registry methods of a client based there.
 */
const CALLS: Record<string, string> = {
  health: "client.health()",
  searchServers: "client.search('weather forecast')",
  listCategories: "client.list_categories()",
  listViews: "client.list_views()",
  exportView: "client.export_view('reachable', 'gemini')",
  getServer: "client.get_server(NAME)",
  listServerTools: "client.list_tools(NAME)",
  getToolHistory: "client.get_tool_history(NAME)",
  getConnection: "client.get_connection(NAME)",
  getQuality: "client.get_quality(NAME)",
  getDependencies: "client.get_dependencies(NAME)",
  checkServer: "client.start_check('https://mcp.example/mcp')",
  getCheck: "client.get_check('c1')",
  registryListServers: "client.registry_servers()",
  registryServerVersions: "client.registry_versions(NAME)",
  registryServerVersion: "client.registry_version(NAME)",
  viewListServers: "view.registry_servers()",
  viewServerVersions: "view.registry_versions(NAME)",
  viewServerVersion: "view.registry_version(NAME)",
};

/** Makes each call with the source tree's client, answering {} to every request; prints what each sent. */
const DRIVER = `
import json, sys, urllib.parse
from mcp_catalog.client import CatalogClient

NAME = "io.example/weather"
sent = []

class Recording(CatalogClient):
    def _send(self, method, url, headers, data):
        sent.append((method, urllib.parse.urlsplit(url).path))
        return 200, {}, {}

client = Recording("http://sdk.test", api_key="")
view = Recording("http://sdk.test/views/reachable", api_key="")
reached = {}
for operation, call in json.loads(sys.argv[1]).items():
    sent.clear()
    eval(call)
    reached[operation] = list(sent)
print(json.dumps(reached))
`;

describe("the Python SDK's methods", () => {
  let reached: Record<string, [string, string][]>;

  beforeAll(async () => {
    const { stdout } = await promisify(execFile)("python3", ["-c", DRIVER, JSON.stringify(CALLS)], {
      env: {
        ...process.env,
        PYTHONPATH: fileURLToPath(new URL(".", import.meta.url)),
        PYTHONDONTWRITEBYTECODE: "1",
      },
    });
    reached = JSON.parse(stdout);
  }, 60_000);

  it("cover every operation the SDKs promise, and no other", () => {
    expect(Object.keys(CALLS).sort()).toEqual(SDK_OPERATIONS.map((op) => op.id).sort());
  });

  it.each(Object.keys(CALLS))("%s: its method sends that operation's request", (id) => {
    expect(reached[id]!.map(([method, path]) => matchOperation(OPERATIONS, method, path)?.id)).toEqual([id]);
  });
});
