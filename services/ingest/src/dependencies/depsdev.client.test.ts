import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ecosystemOf } from "@catalog/dependencies";
import { DepsDevClient } from "./depsdev.client.js";
import { JsonClient } from "./json-client.js";

const npm = ecosystemOf("npm")!;

/** A local stand-in for the deps.dev API over real HTTP. */
describe("DepsDevClient", () => {
  let server: Server;
  let client: DepsDevClient;
  const paths: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      paths.push(req.url ?? "");
      res.setHeader("content-type", "application/json");
      if (req.url === "/v3/systems/npm/packages/%40scope%2Fpkg") {
        res.end(
          JSON.stringify({
            versions: [
              { versionKey: { version: "1.0.0" } },
              { versionKey: { version: "1.1.0" }, isDefault: true, publishedAt: "2025-11-20T10:00:00Z" },
            ],
          }),
        );
      } else if (req.url === "/v3/systems/npm/packages/%40scope%2Fpkg/versions/1.1.0:dependencies") {
        res.end(JSON.stringify({ nodes: [] }));
      } else {
        res.statusCode = 404;
        res.end("{}");
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    client = new DepsDevClient(
      new JsonClient({ baseUrl: `http://127.0.0.1:${port}/`, timeoutMs: 5000, retries: 0, minIntervalMs: 1 }),
    );
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("reads a package's versions and its default, with the name escaped as one path segment", async () => {
    expect(await client.versions(npm, "@scope/pkg")).toEqual({
      versions: ["1.0.0", "1.1.0"],
      defaultVersion: "1.1.0",
      published: [
        { version: "1.0.0", publishedAt: null, isDefault: false },
        { version: "1.1.0", publishedAt: new Date("2025-11-20T10:00:00Z"), isDefault: true },
      ],
    });
    expect(paths).toContain("/v3/systems/npm/packages/%40scope%2Fpkg");
  });

  it("reads an unknown package or a version without a graph as null", async () => {
    expect(await client.versions(npm, "unknown")).toBeNull();
    expect(await client.dependencies(npm, "@scope/pkg", "1.1.0")).toEqual({ nodes: [] });
    expect(await client.dependencies(npm, "@scope/pkg", "9.9.9")).toBeNull();
  });
});
