import { randomBytes } from "node:crypto";
import { vectorIndexContract } from "../../../../tests/support/vector-index-contract.js";
import { collectionName, pointId, QdrantVectorIndex } from "./qdrant.index.js";

const url = process.env.QDRANT_URL;

describe("qdrant naming", () => {
  it("derives stable UUID point ids and safe collection names", () => {
    expect(pointId("t:io.x/a:send")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(pointId("t:io.x/a:send")).toBe(pointId("t:io.x/a:send"));
    expect(collectionName("catalog", "local/universal-sentence-encoder-lite", 512)).toBe(
      "catalog_local_universal-sentence-encoder-lite_512",
    );
  });
});

if (url) {
  vectorIndexContract("qdrant", () =>
    QdrantVectorIndex.open(
      { url, collectionPrefix: `test_${randomBytes(4).toString("hex")}` },
      "contract",
      8,
    ),
  );
} else {
  describe("qdrant: vector index contract", () => {
    it.skip("runs when QDRANT_URL is set (no Qdrant here: skipped)", () => undefined);
  });
}
