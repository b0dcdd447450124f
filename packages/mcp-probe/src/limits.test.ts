import { startModernServer, type RawTool, type TestHttpServer } from "@catalog/testing/mcp";
import { SafeHttp } from "@catalog/url-policy";
import { DEFAULT_PROBE_LIMITS, jsonBytes, MAX_OBJECT_DEPTH, MAX_TOOL_NAME_CHARS } from "./limits.js";
import { probeMcp } from "./probe.js";

const http = new SafeHttp({ testMode: true });
const servers: TestHttpServer[] = [];
async function serve<T extends TestHttpServer>(server: Promise<T>): Promise<T> {
  const s = await server;
  servers.push(s);
  return s;
}

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await http.close();
});

const schema = { type: "object", properties: { city: { type: "string" } } };
const many = (
  count: number,
  tool: (i: number) => RawTool = (i) => ({
    name: `tool_${i}`,
    description: "Returns a forecast.",
    inputSchema: schema,
  }),
) => Array.from({ length: count }, (_, i) => tool(i));
const listRequests = (server: TestHttpServer) =>
  server.requests.filter((r) => r.mcpMethod === "tools/list").length;

describe("what a probe keeps of a server's tool list", () => {
  it("stops paging at the tool limit: 400,000 tools listed, 2,000 kept, memory bounded", async () => {
    // 50 pages of 8,000: all of it within the page limit, as in the incident (350 MB, one probe).
    const listed = many(400_000);
    const server = await serve(startModernServer({ tools: () => listed, pageSize: 8000 }));
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    const report = await probeMcp(server.url, { http, timeoutMs: 30_000 });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().heapUsed);

    expect(report.result).toMatchObject({
      outcome: "ok",
      tool_count: 2000,
      tool_pages: 1,
      tools_error: "The tool list goes on past 2000 tools; a probe keeps the first 2000.",
    });
    expect(report.tools).toHaveLength(2000);
    expect(report.tools[1999]!.name).toBe("tool_1999");
    // One page asked for, not the 50 the server has.
    expect(listRequests(server)).toBe(1);
    expect(jsonBytes(report)).toBeLessThan(DEFAULT_PROBE_LIMITS.maxToolBytes);
    // Reading every page holds 400,000 tools: 125 MB more heap at its peak on the same test
    // machine (an 88 MB report); reading one page and keeping 2,000 tools, 11 to 21 MB.
    expect(peak - before).toBeLessThan(80 * 1024 * 1024);
  });

  it("asks for no page after the one that reaches the tool limit", async () => {
    const listed = many(10_000);
    const server = await serve(startModernServer({ tools: () => listed, pageSize: 100 }));
    const { result } = await probeMcp(server.url, { http, maxTools: 300 });
    expect(result).toMatchObject({ tool_count: 300, tool_pages: 3 });
    expect(result.tools_error).toMatch(/past 300 tools/);
    expect(listRequests(server)).toBe(3);
  });

  it("keeps at most the tool limit of a single page that lists more", async () => {
    const listed = many(10_000);
    const server = await serve(startModernServer({ tools: () => listed, pageSize: 10_000 }));
    const { result, tools } = await probeMcp(server.url, { http, maxTools: 300 });
    expect(result).toMatchObject({ tool_count: 300, tool_pages: 1 });
    expect(result.tools_error).toMatch(/past 300 tools/);
    expect(result.detail).toMatch(/; The tool list goes on past 300 tools/);
    expect(tools).toHaveLength(300);
    expect(listRequests(server)).toBe(1);
  });

  it("keeps all of a list exactly at the tool limit, and says nothing", async () => {
    const listed = many(6);
    const server = await serve(startModernServer({ tools: () => listed, pageSize: 3 }));
    const { result } = await probeMcp(server.url, { http, maxTools: 6 });
    expect(result).toMatchObject({ tool_count: 6, tool_pages: 2, tools_error: null });
  });

  it("stops paging at the byte limit of the kept definitions", async () => {
    const listed = many(200, (i) => ({
      name: `tool_${String(i).padStart(3, "0")}`,
      description: "d".repeat(5000),
      inputSchema: schema,
    }));
    const server = await serve(startModernServer({ tools: () => listed, pageSize: 10 }));
    const maxToolBytes = 100_000;
    const { result, tools } = await probeMcp(server.url, { http, maxToolBytes });
    const one = jsonBytes(tools[0]);
    expect(tools).toHaveLength(Math.floor(maxToolBytes / one));
    expect(jsonBytes(tools)).toBeLessThanOrEqual(maxToolBytes);
    expect(result.tools_error).toBe(
      `The tool definitions pass the ${maxToolBytes} bytes a probe keeps after ${tools.length} tool(s); only those are kept.`,
    );
    expect(listRequests(server)).toBe(Math.ceil((tools.length + 1) / 10));
  });

  it("shortens long text, leaves out oversized or deeply nested objects, and says so", async () => {
    let deep: Record<string, unknown> = { readOnlyHint: true };
    for (let i = 0; i < MAX_OBJECT_DEPTH + 10; i++) deep = { nested: deep };
    const bigSchema = {
      type: "object",
      properties: Object.fromEntries(many(4000).map((t) => [t.name, { type: "string" }])),
    };
    const listed: RawTool[] = [
      { name: "long_description", description: `Forecasts. ${"x".repeat(40_000)}`, inputSchema: schema },
      { name: "big_schema", description: "Has a large schema.", inputSchema: bigSchema },
      { name: "deep_annotations", description: "Nested too deep.", inputSchema: schema, annotations: deep },
      { name: `n${"a".repeat(5000)}`, description: "A long name.", inputSchema: schema },
      {
        name: "plain",
        description: "Nothing to shorten here.",
        inputSchema: schema,
        annotations: { readOnlyHint: true },
      },
    ];
    const server = await serve(startModernServer({ tools: () => listed }));
    const { result, tools } = await probeMcp(server.url, { http });
    const [long, big, deepTool, named, plain] = tools;
    expect(result.tools_error).toBeNull();
    expect(result.tool_count).toBe(5);
    expect(result.detail).toMatch(
      /with 5 tool\(s\)\. 4 tool definition\(s\) were shortened to what a probe keeps \(8192 characters of text, 65536 bytes of schema\)\.$/,
    );
    expect(long!.description).toMatch(
      /^Forecasts\. x+… \[40011 characters in all; the first 8192 are kept\]$/,
    );
    expect((long!.description as string).length).toBeLessThan(8192 + 100);
    expect(result.tools[0]!.description).toBe(long!.description);
    expect(jsonBytes(bigSchema)).toBeGreaterThan(65536);
    expect(big!.inputSchema).toEqual({
      type: "object",
      "x-catalog-not-kept": `The input schema has ${jsonBytes(bigSchema)} bytes, more than the 65536 kept.`,
    });
    expect(deepTool).not.toHaveProperty("annotations");
    expect(deepTool!.inputSchema).toEqual(schema);
    expect(named!.name).toHaveLength(MAX_TOOL_NAME_CHARS);
    expect(plain).toEqual(listed[4]);
  });

  it("bounds what a server says about itself", async () => {
    const server = await serve(startModernServer({ description: "w".repeat(100_000) }));
    const { result } = await probeMcp(server.url, { http });
    expect(result.outcome).toBe("ok");
    expect(result.server_info!.description!.length).toBeLessThan(8192 + 100);
  });
});
