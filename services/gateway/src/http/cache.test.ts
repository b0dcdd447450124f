import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { publicCache } from "./cache.js";
import { sendJsonText } from "./conditional.js";

/** A bare app: an API-key stand-in marks requests with x-key as keyed, as the key middleware will. */
async function start(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.set("etag", "weak");
  app.use((req, res, next) => {
    if (req.get("x-key")) res.locals.keyed = true;
    next();
  });
  app.get("/thing", publicCache(300), (req, res) => sendJsonText(req, res, '{"a":1}'));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("cache headers and conditional GET", () => {
  let app: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    app = await start();
  });
  afterAll(() => app.close());

  it("lets shared caches keep anonymous answers", async () => {
    const res = await fetch(`${app.url}/thing`);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=600");
    expect(res.headers.get("etag")).toMatch(/^W\/"/);
  });

  it("marks keyed answers private, no-store", async () => {
    const res = await fetch(`${app.url}/thing`, { headers: { "x-key": "1" } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers 304 to a matching tag in a list, to *, and never to another tag", async () => {
    const etag = (await fetch(`${app.url}/thing`)).headers.get("etag") ?? "";
    const strong = etag.replace(/^W\//, "");
    for (const condition of [etag, `W/"x", ${etag}`, strong, "*"]) {
      const res = await fetch(`${app.url}/thing`, { headers: { "if-none-match": condition } });
      expect([condition, res.status]).toEqual([condition, 304]);
      expect(await res.text()).toBe("");
    }
    const other = await fetch(`${app.url}/thing`, { headers: { "if-none-match": 'W/"nope"' } });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual({ a: 1 });
  });
});
