import { answerText, callSignature, keptResult } from "./kept-calls.js";

const call = (args: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id: 7,
  method: "tools/call",
  params: { name: "get_server", arguments: args, ...extra },
});

describe("callSignature", () => {
  it("is the same for the same call whatever the id and the order of the arguments", () => {
    const a = callSignature({}, call({ name: "io.x/y", schemas: true }));
    const b = callSignature({}, { ...call({ schemas: true, name: "io.x/y" }), id: "other" });
    expect(a?.signature).toBe(b?.signature);
    expect([a?.id, b?.id]).toEqual([7, "other"]);
  });

  it("tells apart tools, arguments and protocol revisions", () => {
    const base = callSignature({}, call({ name: "io.x/y" }))!.signature;
    expect(callSignature({}, call({ name: "io.x/z" }))!.signature).not.toBe(base);
    expect(
      callSignature({ "mcp-protocol-version": "2026-07-28" }, call({ name: "io.x/y" }))!.signature,
    ).not.toBe(base);
  });

  it("is undefined for what only the SDK may answer", () => {
    expect(callSignature({}, [call({})])).toBeUndefined();
    expect(callSignature({}, { ...call({}), id: undefined })).toBeUndefined();
    expect(callSignature({}, { ...call({}), method: "tools/list" })).toBeUndefined();
    expect(callSignature({}, call({}, { _meta: { progressToken: 1 } }))).toBeUndefined();
    expect(callSignature({ "mcp-session-id": "s" }, call({}))).toBeUndefined();
    expect(callSignature({}, { ...call({}), extra: 1 })).toBeUndefined();
    expect(callSignature({}, call([] as never))).toBeUndefined();
  });
});

describe("kept results", () => {
  it("keeps a success and answers it under another id", () => {
    const result = keptResult('{"result":{"content":[]},"jsonrpc":"2.0","id":7}', 7)!;
    expect(JSON.parse(answerText(result, "abc"))).toEqual({
      jsonrpc: "2.0",
      id: "abc",
      result: { content: [] },
    });
  });

  it("keeps no error, error result, other id or broken answer", () => {
    expect(keptResult('{"error":{"code":1},"jsonrpc":"2.0","id":7}', 7)).toBeUndefined();
    expect(keptResult('{"result":{"isError":true},"jsonrpc":"2.0","id":7}', 7)).toBeUndefined();
    expect(keptResult('{"result":{},"jsonrpc":"2.0","id":8}', 7)).toBeUndefined();
    expect(keptResult("{", 7)).toBeUndefined();
  });
});
