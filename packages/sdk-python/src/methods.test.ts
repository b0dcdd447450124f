import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { matchOperation, OPERATIONS, pathParams, SDK_OPERATIONS } from "@catalog/contracts";

type Method = { name: string; params: string[]; base?: string };
type Reached = {
  methods: string[];
  calls: Record<string, { method: Method; sent: [string, string][] } | null>;
};

/**
 * Calls the method of each operation (OPERATION_METHODS of the generated _operations.py) with the
 * source tree's client, sample positional parameters and every request answered {}; prints what
 * each sent. An operation under a longer base URL (a view's registry API is the /v0.1 API under the
 * view's URL) is called on a client based there.
 */
const DRIVER = `
import json, re, sys, urllib.parse
from mcp_catalog._operations import OPERATION_METHODS
from mcp_catalog.client import CatalogClient

sent = []

class Recording(CatalogClient):
    def _send(self, method, url, headers, data):
        sent.append((method, urllib.parse.urlsplit(url).path))
        return 200, {}, {}

def sample(param):
    return "io.example/weather" if param in ("name", "serverName") else "sample-" + param

def fill(template):
    return re.sub(r"\\{(\\w+)\\}", lambda m: sample(m.group(1)), template)

calls = {}
for operation in json.loads(sys.argv[1]):
    method = OPERATION_METHODS.get(operation)
    if method is None:
        calls[operation] = None
        continue
    sent.clear()
    client = Recording("http://sdk.test" + fill(method.get("base", "")), api_key="")
    getattr(client, method["name"])(*[sample(param) for param in method["params"]])
    calls[operation] = {"method": method, "sent": list(sent)}
print(json.dumps({"methods": sorted(OPERATION_METHODS), "calls": calls}))
`;

describe("the Python SDK's methods", () => {
  let reached: Reached;

  beforeAll(async () => {
    const ids = SDK_OPERATIONS.map((op) => op.id);
    const { stdout } = await promisify(execFile)("python3", ["-c", DRIVER, JSON.stringify(ids)], {
      env: {
        ...process.env,
        PYTHONPATH: fileURLToPath(new URL(".", import.meta.url)),
        PYTHONDONTWRITEBYTECODE: "1",
      },
    });
    reached = JSON.parse(stdout);
  }, 60_000);

  it("cover every operation the SDKs promise, and no other", () => {
    expect(reached.methods).toEqual(SDK_OPERATIONS.map((op) => op.id).sort());
  });

  it.each(SDK_OPERATIONS.map((op) => [op.id, op] as const))(
    "%s: its method sends that operation's request",
    (id, op) => {
      const call = reached.calls[id];
      if (!call) throw new Error(`no method for ${id}: regenerate with \`pnpm run methods\``);
      expect(call.sent.map(([method, path]) => matchOperation(OPERATIONS, method, path)?.id)).toEqual([id]);
      // Path parameters come first, in the path's order.
      const own = pathParams(op.path.slice((call.method.base ?? "").length));
      expect(call.method.params.slice(0, own.length)).toEqual(own);
    },
  );
});
