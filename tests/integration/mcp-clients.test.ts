import {
  ACTION_NAMES,
  type CheckBody,
  type NextAction,
  type ServerDescriptor,
  type UrlCheckResult,
} from "@catalog/contracts";
import { createHarness, type Harness } from "@catalog/testing";
import {
  connectV1,
  connectV2,
  inspector,
  type ListedTool,
  type McpTestClient,
  type ToolCallResult,
} from "../support/mcp-clients.js";
import { startMcpStack, type McpStack } from "../support/mcp-stack.js";
import { contractViolation, outputValidators } from "../support/output-schemas.js";

let h: Harness;
let stack: McpStack;
/** A slice server with tools, and one a client config can be made for. */
let withTools: string;
let connectable: string;
let query: string;

beforeAll(async () => {
  h = await createHarness();
  stack = await startMcpStack(h);
  withTools = stack.serversWithTools[0] ?? "";
  const descriptor = async (name: string) =>
    (await (await fetch(`${stack.gateway}/v1/servers/${name}`)).json()) as ServerDescriptor;
  for (const name of stack.servers) {
    const d = await descriptor(name);
    if (d.connection.targets.includes("vscode")) {
      connectable = name;
      break;
    }
  }
  query = (await descriptor(withTools)).description;
}, 120_000);

afterAll(async () => {
  await stack.stop();
  await h.close();
});

type Call = { tool: string; args: Record<string, unknown>; error?: string; body?: Record<string, unknown> };

/** Every tool, once as REST would answer 200 and once or more as it would answer 400 and above. */
const calls = (): Call[] => [
  {
    tool: "search",
    args: { q: query, limit: 3 },
    body: {
      mode: "keyword",
      results: expect.arrayContaining([expect.objectContaining({ name: withTools })]),
    },
  },
  { tool: "get_server", args: { name: withTools }, body: { name: withTools, tools: expect.any(Array) } },
  {
    tool: "list_tools",
    args: { name: withTools, limit: 2 },
    body: { server: withTools, count: 2, next_cursor: expect.any(String) },
  },
  {
    tool: "get_connection",
    args: { name: connectable, target: "vscode" },
    body: { server: connectable, target: "vscode", content_type: "application/json" },
  },
  {
    tool: "check_server",
    args: { url: stack.mcp, wait: 20 },
    body: {
      status: "done",
      result: expect.objectContaining({ probe: expect.objectContaining({ outcome: "ok" }) }),
    },
  },
  { tool: "search", args: { q: "", class: ["R9"] }, error: "bad_request" },
  { tool: "get_server", args: { name: "io.example/missing" }, error: "server_not_found" },
  { tool: "list_tools", args: { name: withTools, cursor: "not-a-cursor" }, error: "bad_request" },
  { tool: "get_connection", args: { name: "io.example/missing" }, error: "server_not_found" },
  { tool: "check_server", args: { url: "ftp://example.com/mcp" }, error: "invalid_url" },
  { tool: "check_server", args: { id: "AAAAAAAAAAAAAAAAAAAAAA", wait: 0 }, error: "check_not_found" },
  { tool: "check_server", args: {}, error: "bad_request" },
];

/** What every client must see of the tools: the flow's order, titles, hints, both schemas. */
function expectCatalogTools(tools: ListedTool[]): void {
  expect(tools.map((t) => t.name)).toEqual([...ACTION_NAMES]);
  for (const t of tools) {
    expect(t.title).toEqual(expect.any(String));
    expect(t.description?.length).toBeGreaterThan(80);
    expect(t.inputSchema).toMatchObject({
      type: "object",
      $schema: "https://json-schema.org/draft/2020-12/schema",
    });
    expect(t.outputSchema).toMatchObject({ type: "object", anyOf: [expect.any(Object), expect.any(Object)] });
    expect(t.annotations?.readOnlyHint).toBe(t.name !== "check_server");
    expect(typeof t.annotations?.openWorldHint).toBe("boolean");
  }
  expect(tools.find((t) => t.name === "check_server")?.annotations).toMatchObject({
    readOnlyHint: false,
    destructiveHint: false,
    openWorldHint: true,
  });
  const search = tools[0]?.inputSchema as { properties: Record<string, { type?: string }> };
  for (const list of ["class", "flags", "exclude_flags"]) expect(search.properties[list]?.type).toBe("array");
}

/** Calls every tool and checks each result against the tool's declared output schema. */
async function expectContract(
  tools: ListedTool[],
  call: (c: Call, i: number) => Promise<ToolCallResult>,
  list = calls(),
) {
  const validators = outputValidators(tools);
  for (const [i, c] of list.entries()) {
    const result = await call(c, i);
    expect({ ...c, violation: contractViolation(validators, c.tool, result) }).toEqual({
      ...c,
      violation: null,
    });
    expect(result.isError === true).toBe(c.error !== undefined);
    if (c.error) {
      expect(result.structuredContent).toMatchObject({ error: c.error, next_actions: expect.any(Array) });
    } else {
      expect(result.structuredContent).toMatchObject(c.body ?? {});
    }
  }
}

describe.each<[string, (url: string) => Promise<McpTestClient>, "modern" | "legacy", string]>([
  ["v2 client, auto negotiation", (url) => connectV2(url, "auto"), "modern", "2026-07-28"],
  ["v2 client, legacy handshake", (url) => connectV2(url, "legacy"), "legacy", "2025-11-25"],
  ["v2 client, pinned to 2026-07-28", (url) => connectV2(url, { pin: "2026-07-28" }), "modern", "2026-07-28"],
  ["1.x SDK client", (url) => connectV1(url), "legacy", "2025-11-25"],
])("%s", (_label, connect, era, version) => {
  let client: McpTestClient;
  beforeAll(async () => {
    client = await connect(stack.mcp);
  });
  afterAll(() => client.close());

  it(`connects in the ${era} era at ${version} and reads the instructions`, () => {
    expect(client.era).toBe(era);
    expect(client.protocolVersion).toBe(version);
    expect(client.instructions).toMatch(/^Catalog of MCP servers\. Flow: search/);
  });

  it("lists the five tools with titles, annotations, input and output schemas", async () => {
    expectCatalogTools(await client.listTools());
  });

  it("calls every tool: results and errors match the declared output schemas", async () => {
    await expectContract(await client.listTools(), (c) => client.callTool(c.tool, c.args));
  });
});

describe("MCP Inspector CLI (mcp-inspector --cli)", () => {
  const parse = (stdout: string) => (JSON.parse(stdout) as { result: unknown }).result;

  it.each(["modern", "legacy"] as const)("lists and calls every tool in the %s era", async (era) => {
    const listed = await inspector(stack.mcp, era, ["--method", "tools/list"]);
    expect(listed.code).toBe(0);
    const { tools } = parse(listed.stdout) as { tools: ListedTool[] };
    expectCatalogTools(tools);
    // Each call is a process of its own: every tool once, and one tool error (the SDK clients
    // above go through every error); side by side, then checked in order.
    const list = calls().filter((c) => !c.error || c.error === "server_not_found");
    const runs = await Promise.all(
      list.map((c) =>
        inspector(stack.mcp, era, [
          "--method",
          "tools/call",
          "--tool-name",
          c.tool,
          "--tool-args-json",
          JSON.stringify(c.args),
        ]),
      ),
    );
    // A tool error exits 5, with the result on stdout all the same.
    await expectContract(
      tools,
      async (c, i) => {
        const run = runs[i];
        expect(run?.code).toBe(c.error ? 5 : 0);
        return parse(run?.stdout ?? "null") as ToolCallResult;
      },
      list,
    );
  });
});

describe("next_actions", () => {
  it("can be passed straight back to the tool they name", async () => {
    const client = await connectV2(stack.mcp, { pin: "2026-07-28" });
    const validators = outputValidators(await client.listTools());
    const seen = new Set<string>();
    const queue: NextAction[] = calls().map((c) => ({ action: c.tool, arguments: c.args }) as NextAction);
    let followed = 0;
    try {
      while (queue.length && followed < 60) {
        const next = queue.shift() as NextAction;
        const key = JSON.stringify(next);
        if (seen.has(key)) continue;
        seen.add(key);
        const result = await client.callTool(next.action, next.arguments);
        expect(contractViolation(validators, next.action, result)).toBeNull();
        const body = result.structuredContent as { error?: string; next_actions: NextAction[] };
        // The seed calls include bad arguments on purpose; what they suggest must validate.
        if (followed >= calls().length)
          expect({ next, error: body.error }).not.toMatchObject({ error: "bad_request" });
        queue.push(...body.next_actions);
        followed++;
      }
    } finally {
      await client.close();
    }
    expect(followed).toBeGreaterThan(calls().length + 10);
  });
});

describe("POST /v1/check on the catalog's own /mcp", () => {
  it("reports it ready for both directories but for the manual items and HTTPS", async () => {
    const res = await fetch(`${stack.gateway}/v1/check?wait=20`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: stack.mcp }),
    });
    expect(res.status).toBe(200);
    const result = ((await res.json()) as CheckBody).result as UrlCheckResult | undefined;
    expect(result?.probe).toMatchObject({
      outcome: "ok",
      transport: "streamable-http",
      protocol: { era: "modern", version: "2026-07-28", supported_versions: ["2026-07-28"] },
      server_info: { name: "mcp-server-catalog" },
      tool_count: 5,
      tools_error: null,
    });
    // On loopback the endpoint is plain http at an IP address: the three rules about HTTPS and a
    // public domain are the deployment's to meet; everything about the endpoint itself passes.
    const deployment = new Set([
      "claude/remote_streamable_https",
      "claude/trusted_tls_certificate",
      "chatgpt/public_https_endpoint",
    ]);
    for (const directory of result?.readiness ?? []) {
      for (const r of directory.requirements) {
        const id = `${directory.directory}/${r.id}`;
        if (deployment.has(id))
          expect({ id, status: r.status, detail: r.detail }).toMatchObject({
            status: "fail",
            detail: /HTTPS|public domain/,
          });
        else
          expect({ id, status: r.status, detail: r.detail }).toMatchObject({
            status: expect.stringMatching(/^(pass|na|manual)$/),
          });
      }
    }
    const quality = Object.fromEntries((result?.quality.checks ?? []).map((c) => [c.id, c.status]));
    expect(quality).toMatchObject({
      description_present: "pass",
      remote_reachable: "pass",
      protocol_current: "pass",
      tools_listed: "pass",
      tool_descriptions: "pass",
      tool_input_schemas: "pass",
      tool_names: "pass",
      tool_annotations: "pass",
      https: "fail",
      stability: "na",
    });
  });
});
