import http from "node:http";
import type { AddressInfo } from "node:net";
import { OpenAIEmbeddingProvider } from "./openai.provider.js";

/** An OpenAI-compatible embeddings endpoint on loopback: 3-dimension vectors from the text length. */
function endpoint(): Promise<{ url: string; requests: unknown[]; close: () => void }> {
  const requests: unknown[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const parsed = JSON.parse(body) as { input: string[]; model: string };
      requests.push({ path: req.url, auth: req.headers.authorization, ...parsed });
      const data = parsed.input.map((t, index) => ({
        object: "embedding",
        index,
        embedding: [t.length, 1, 0],
      }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: data.reverse(), model: parsed.model, usage: {} }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        requests,
        close: () => server.close(),
      }),
    ),
  );
}

describe("OpenAI-compatible embedding provider", () => {
  it("learns the dimension, batches, keeps input order and normalizes", async () => {
    const api = await endpoint();
    try {
      const provider = await OpenAIEmbeddingProvider.connect({
        baseURL: api.url,
        apiKey: "k",
        model: "m",
        dimensions: 3,
        batchSize: 2,
        timeoutMs: 5000,
      });
      expect(provider.model).toBe("openai/m@3");
      const vectors = await provider.embed(["a", "bbb", "cc"]);
      expect(vectors.map((v) => Array.from(v).map((x) => Number(x.toFixed(3))))).toEqual([
        [0.707, 0.707, 0],
        [0.949, 0.316, 0],
        [0.894, 0.447, 0],
      ]);
      // One probe, then two batches of at most two texts, with the key and requested dimensions.
      expect(api.requests).toHaveLength(3);
      expect(api.requests[1]).toMatchObject({
        path: "/v1/embeddings",
        auth: "Bearer k",
        dimensions: 3,
        input: ["a", "bbb"],
      });
    } finally {
      api.close();
    }
  });

  it("fails to start when the endpoint cannot be reached", async () => {
    await expect(
      OpenAIEmbeddingProvider.connect({
        baseURL: "http://127.0.0.1:9/v1",
        model: "m",
        batchSize: 2,
        timeoutMs: 500,
      }),
    ).rejects.toThrow();
  });
});
