import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SearchClient, SearchUnavailableError } from "./search-client.js";

/** A stand-in search service whose answer each test decides. */
async function searchService(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; server: Server }> {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("SearchClient", () => {
  const open: { server: Server; client: SearchClient }[] = [];
  const clientOf = async (answer: (req: IncomingMessage, res: ServerResponse) => void, timeoutMs = 5000) => {
    const { url, server } = await searchService(answer);
    const client = new SearchClient(url, timeoutMs);
    open.push({ server, client });
    return client;
  };
  afterEach(async () => {
    for (const { server, client } of open.splice(0)) {
      await client.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("posts the request and returns the validated answer", async () => {
    let received: unknown;
    const client = await clientOf((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        received = {
          method: req.method,
          url: req.url,
          type: req.headers["content-type"],
          body: JSON.parse(body),
        };
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ mode: "hybrid", results: [] }));
      });
    });
    expect(await client.search({ q: "send a message" })).toEqual({ mode: "hybrid", results: [] });
    expect(received).toEqual({
      method: "POST",
      url: "/internal/search",
      type: "application/json",
      body: { q: "send a message" },
    });
  });

  it.each([
    ["answers with an error", (_req: IncomingMessage, res: ServerResponse) => res.writeHead(500).end("{}")],
    [
      "answers with a body that is not JSON",
      (_req: IncomingMessage, res: ServerResponse) => res.end("<html>"),
    ],
    [
      "answers with a body of the wrong shape",
      (_req: IncomingMessage, res: ServerResponse) => res.end(JSON.stringify({ mode: "fast" })),
    ],
  ])("fails as unavailable when the service %s", async (_what, answer) => {
    const client = await clientOf(answer);
    await expect(client.search({ q: "x" })).rejects.toBeInstanceOf(SearchUnavailableError);
  });

  it("fails as unavailable when the service is down or too slow", async () => {
    const down = new SearchClient("http://127.0.0.1:9");
    await expect(down.search({ q: "x" })).rejects.toBeInstanceOf(SearchUnavailableError);
    await down.close();
    const slow = await clientOf(() => undefined, 200);
    await expect(slow.search({ q: "x" })).rejects.toBeInstanceOf(SearchUnavailableError);
  });

  it("reads the mode, and says keyword when the service cannot tell", async () => {
    const hybrid = await clientOf((_req, res) => res.end(JSON.stringify({ mode: "hybrid" })));
    expect(await hybrid.mode()).toBe("hybrid");
    const down = new SearchClient("http://127.0.0.1:9");
    expect(await down.mode()).toBe("keyword");
    await down.close();
  });
});
