import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express, { type RequestHandler } from "express";
import { createLogger } from "@catalog/observability";
import { weakEtag } from "../http/conditional.js";
import { errorHandler, notFound } from "../http/errors.js";
import { ReadCache } from "../read-cache/read-cache.js";
import type { Answer, Handlers } from "./handler.js";
import { mountOperations } from "./mount.js";

/** What each handler was called with, and what the next call answers (by operation id). */
const calls: { id: string; input: unknown }[] = [];
const answers = new Map<string, Answer<unknown>>();

/** A handler for every operation that records its input and answers what the test set. */
const handlers = new Proxy(
  {},
  {
    get: (_, id: string) => ({
      retry: () => [],
      run: async (input: unknown) => {
        calls.push({ id, input });
        return answers.get(id) ?? { ok: true, body: { id } };
      },
    }),
  },
) as Handlers;

const ADMIN = "Bearer operator-token-for-tests";
const requireAdmin: RequestHandler = (req, res, next) =>
  req.headers.authorization === ADMIN ? next() : void res.status(401).json({ error: "unauthorized" });

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(
    mountOperations(handlers, {
      reads: ReadCache.disabled(weakEtag),
      checkLimits: { anonymous: 1, account: 1 },
      requireAdmin,
    }),
  );
  app.use(notFound);
  app.use(errorHandler(createLogger("test", "silent")));
  server = app.listen(0, "127.0.0.1");
  await new Promise((ok) => server.once("listening", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((ok) => server.close(ok)));
beforeEach(() => {
  calls.length = 0;
  answers.clear();
});

const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { method, body, headers: { "content-type": "application/json", ...headers } });

describe("mountOperations", () => {
  it("hands the parsed path, query and body to the operation's handler, with the declared Cache-Control", async () => {
    const res = await send("GET", "/v1/servers/io.example%2Fweather/tools?limit=5");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/max-age=/);
    expect(calls).toEqual([
      { id: "listServerTools", input: expect.objectContaining({ params: { name: "io.example/weather" } }) },
    ]);
    expect((calls[0]!.input as { query: { limit: number } }).query.limit).toBe(5);
  });

  it("refuses a query the declaration does not accept before the handler runs", async () => {
    const res = await send("GET", "/v1/servers/io.example%2Fweather/tools?limit=nine");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "bad_request", next_actions: [] });
    expect(calls).toEqual([]);
  });

  it("answers a name whose percent-encoding is broken with a 400, not a 404", async () => {
    const res = await send("GET", "/v1/servers/io.example%E0%A4%A/tools");
    expect(res.status).toBe(400);
    expect(calls).toEqual([]);
  });

  it("lets requests for no operation go on to the next route", async () => {
    expect((await send("GET", "/v1/nothing-here")).status).toBe(404);
  });

  describe("an operators' operation", () => {
    it("runs the admin guard first: a request without the token reaches no handler and no body parser", async () => {
      const res = await send("POST", "/admin/blocklist", "{not json");
      expect(res.status).toBe(401);
      expect(calls).toEqual([]);
    });

    it("refuses unreadable JSON in the error shape, and a body over the default 16 KB with 413", async () => {
      const bad = await send("POST", "/admin/blocklist", "{not json", { authorization: ADMIN });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: expect.any(String), next_actions: [] });
      const big = JSON.stringify({ name: "io.example/x", reason: "r".repeat(20_000) });
      expect((await send("POST", "/admin/blocklist", big, { authorization: ADMIN })).status).toBe(413);
      expect(calls).toEqual([]);
    });

    it("accepts a body up to the operation's declared maxBody (a view's rules may be long)", async () => {
      const rules = { allow_names: Array.from({ length: 1500 }, (_, i) => `io.example/server-${i}`) };
      const body = JSON.stringify({ title: "Long", description: "Many names", rules });
      expect(body.length).toBeGreaterThan(16 * 1024);
      const res = await send("PUT", "/admin/views/long", body, { authorization: ADMIN });
      expect(res.status).toBe(200);
      expect(calls).toEqual([{ id: "putView", input: expect.objectContaining({ body: JSON.parse(body) }) }]);
    });

    it("sends a 204 answer without a body, never cached", async () => {
      answers.set("removeFromBlocklist", { ok: true, status: 204, body: undefined });
      const res = await send("DELETE", "/admin/blocklist?name=io.example%2Fx", undefined, {
        authorization: ADMIN,
      });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
      expect(res.headers.get("cache-control")).toBe("no-store");
    });
  });
});
