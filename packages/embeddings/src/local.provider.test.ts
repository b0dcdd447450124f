import { LocalEmbeddingProvider } from "./local.provider.js";

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe("local embedding provider (USE-lite from the packaged model)", () => {
  let provider: LocalEmbeddingProvider;
  beforeAll(async () => {
    provider = await LocalEmbeddingProvider.load(16);
  }, 60_000);

  it("returns one 512-dimension unit vector per text, empty texts included", async () => {
    const vectors = await provider.embed(["post a message in a chat channel", "", "query a database"]);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toHaveLength(512);
      expect(Math.sqrt(dot(v, v))).toBeCloseTo(1, 4);
    }
  });

  it("places texts of the same meaning closer than unrelated ones", async () => {
    const [intent, chat, sql] = await provider.embed([
      "send a message to a team channel",
      "Post a message to a Slack channel",
      "Run a SQL query against PostgreSQL",
    ]);
    expect(dot(intent!, chat!)).toBeGreaterThan(dot(intent!, sql!) + 0.2);
  });
});
