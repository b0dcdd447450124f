import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { loadConfig } from "@catalog/config";
import { matchOperation, OPERATIONS, responsesOf } from "@catalog/contracts";
import { createHarness, type Harness } from "@catalog/testing";
import { createApp } from "../../services/gateway/src/app.js";
import { answerClientErrors } from "../../services/gateway/src/http/client-errors.js";
import { SearchClient } from "../../services/gateway/src/search/search-client.js";

/**
 * Answers the API gives before a handler runs (the HTTP parser, the body reader, the admin
 * guard) and edge values of parameters: each is one of the statuses its operation documents, in
 * that status's documented body. Hidden fuzzers found these outside the contract (issue 45).
 */
let h: Harness;
let server: Server;
let base: URL;
beforeAll(async () => {
  h = await createHarness();
  const config = loadConfig({ ...h.env, RATE_LIMIT_ENABLED: "false", ADMIN_TOKEN: "a".repeat(40) });
  const app = createApp({
    db: h.db,
    bus: h.bus,
    log: h.log,
    search: new SearchClient("http://127.0.0.1:9"),
    config,
  });
  // As the gateway's main serves it: what the HTTP parser refuses is answered in the error shape.
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  answerClientErrors(server);
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

type Sent = { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string };

/** Sends a request as it is (no client-side checks), returns its status and body. */
function send({ method, path, headers = {}, body }: Sent): Promise<{ status: number; text: string }> {
  const url = base;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers: { ...headers, connection: "close" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function expectDocumented(sent: Sent, status: number, error: string): Promise<void> {
  const answer = await send(sent);
  const op = matchOperation(OPERATIONS, sent.method, sent.path);
  expect({ path: sent.path, status: answer.status }).toEqual({ path: sent.path, status });
  const documented = op && responsesOf(op)[String(status)];
  expect(documented).toBeDefined();
  const body: unknown = JSON.parse(answer.text);
  expect(body).toMatchObject({ error });
  expect(documented!.schema!.safeParse(body).success).toBe(true);
}

const json = { "content-type": "application/json" };

it("a query string too long for the headers: 431 headers_too_large", () =>
  expectDocumented(
    { method: "GET", path: `/v1/search?q=x&${"flags=blocked&".repeat(2000)}` },
    431,
    "headers_too_large",
  ));

it("a check body over the limit, as sent or once decompressed: 413 payload_too_large", async () => {
  const big = JSON.stringify({ url: `https://example.com/${"a".repeat(40_000)}` });
  await expectDocumented(
    { method: "POST", path: "/v1/check", headers: json, body: big },
    413,
    "payload_too_large",
  );
  const bomb = gzipSync(
    Buffer.from(JSON.stringify({ url: "https://example.com/", pad: "0".repeat(5_000_000) })),
  );
  await expectDocumented(
    { method: "POST", path: "/v1/check", headers: { ...json, "content-encoding": "gzip" }, body: bomb },
    413,
    "payload_too_large",
  );
});

it("a body in latin1 or with an encoding the API does not read: 415 unsupported_media_type", async () => {
  const body = JSON.stringify({ url: "https://example.com/mcp" });
  await expectDocumented(
    {
      method: "POST",
      path: "/v1/check",
      headers: { "content-type": "application/json; charset=latin1" },
      body,
    },
    415,
    "unsupported_media_type",
  );
  await expectDocumented(
    { method: "POST", path: "/v1/check", headers: { ...json, "content-encoding": "bogus" }, body },
    415,
    "unsupported_media_type",
  );
});

it("an operator route without the admin token: 401 admin_token_required", () =>
  expectDocumented({ method: "GET", path: "/admin/blocklist" }, 401, "admin_token_required"));

it("an empty number parameter is no number: 400 bad_request", () =>
  expectDocumented({ method: "GET", path: "/v1/search?q=weather&min_trust=" }, 400, "bad_request"));

it("a check id holding a NUL byte is no check: 404 check_not_found", () =>
  expectDocumented({ method: "GET", path: "/v1/check/ab%00cd" }, 404, "check_not_found"));

it("a JSON-RPC batch with two requests of one id: the documented 400 with a JSON-RPC error", async () => {
  const call = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list", params: {} });
  const sent = {
    method: "POST",
    path: "/mcp",
    headers: { ...json, accept: "application/json, text/event-stream" },
    body: JSON.stringify([call(1), call(1)]),
  };
  const answer = await send(sent);
  const op = matchOperation(OPERATIONS, sent.method, sent.path)!;
  const documented = responsesOf(op)[String(answer.status)];
  expect(answer.status).toBe(400);
  expect(documented?.schema?.safeParse(JSON.parse(answer.text)).success).toBe(true);
  expect(JSON.parse(answer.text)).toMatchObject({ jsonrpc: "2.0", error: { code: expect.any(Number) } });
});
