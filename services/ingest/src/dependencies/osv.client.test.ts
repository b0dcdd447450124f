import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ecosystemOf } from "@catalog/dependencies";
import { JsonClient } from "./json-client.js";
import { OsvClient } from "./osv.client.js";

type Query = { package: { name: string; ecosystem: string }; version: string; page_token?: string };

const npm = ecosystemOf("npm")!;

/** A local stand-in for the OSV API over real HTTP. */
describe("OsvClient", () => {
  let server: Server;
  let client: OsvClient;
  const batches: Query[][] = [];
  const recordGets: string[] = [];

  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = "";
      req.on("data", (c: Buffer) => (s += c.toString()));
      req.on("end", () => resolve(s));
    });

  beforeAll(async () => {
    server = createServer((req, res) => {
      void (async () => {
        res.setHeader("content-type", "application/json");
        if (req.method === "POST" && req.url === "/v1/querybatch") {
          const { queries } = JSON.parse(await body(req)) as { queries: Query[] };
          batches.push(queries);
          const results = queries.map((q) => {
            if (q.package.name === "paged" && !q.page_token)
              return { vulns: [{ id: "GHSA-1", modified: "m1" }], next_page_token: "p2" };
            if (q.package.name === "paged") return { vulns: [{ id: "GHSA-2", modified: "m2" }] };
            return {};
          });
          res.end(JSON.stringify({ results }));
          return;
        }
        const id = decodeURIComponent(req.url?.replace("/v1/vulns/", "") ?? "");
        recordGets.push(id);
        if (id === "GHSA-gone") {
          res.statusCode = 404;
          res.end("{}");
          return;
        }
        res.end(JSON.stringify({ id, summary: `summary of ${id}` }));
      })();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    client = new OsvClient(
      new JsonClient({ baseUrl: `http://127.0.0.1:${port}/`, timeoutMs: 5000, retries: 0, minIntervalMs: 1 }),
    );
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("answers each query in order, following page tokens only for the queries that have more", async () => {
    batches.length = 0;
    const found = await client.affecting([
      { ecosystem: npm, name: "clean", version: "1.0.0" },
      { ecosystem: npm, name: "paged", version: "2.0.0" },
    ]);
    expect(found).toEqual([
      [],
      [
        { id: "GHSA-1", modified: "m1" },
        { id: "GHSA-2", modified: "m2" },
      ],
    ]);
    expect(batches).toHaveLength(2);
    expect(batches[0]!.map((q) => q.package)).toEqual([
      { name: "clean", ecosystem: npm.osvEcosystem },
      { name: "paged", ecosystem: npm.osvEcosystem },
    ]);
    expect(batches[1]).toEqual([
      { package: { name: "paged", ecosystem: npm.osvEcosystem }, version: "2.0.0", page_token: "p2" },
    ]);
  });

  it("fetches a record once per modified time, and reads a record OSV no longer has as null", async () => {
    recordGets.length = 0;
    expect(await client.record("GHSA-1", "m1")).toMatchObject({ id: "GHSA-1", summary: "summary of GHSA-1" });
    await client.record("GHSA-1", "m1");
    await client.record("GHSA-1", "m1b");
    expect(await client.record("GHSA-gone", "m")).toBeNull();
    expect(recordGets).toEqual(["GHSA-1", "GHSA-1", "GHSA-gone"]);
  });
});
