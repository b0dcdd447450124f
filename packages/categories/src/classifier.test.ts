import { LocalEmbeddingProvider } from "@catalog/embeddings";
import { CategoryClassifier } from "./classifier.js";

const weather = {
  name: "io.github.someone/forecast",
  title: "Forecast",
  description: "Weather forecasts and current conditions for any city.",
  tools: [{ name: "get_forecast", description: "Returns the forecast for a place" }],
};

describe("CategoryClassifier with the local model", () => {
  let classifier: CategoryClassifier;
  beforeAll(async () => {
    classifier = await CategoryClassifier.create(await LocalEmbeddingProvider.load(16));
  }, 60_000);

  it("assigns by meaning where no keyword applies", async () => {
    const ids = await classifier.classify({
      name: "com.example/ledger",
      title: null,
      description: "Reconcile the books and prepare quarterly statements for your company.",
      tools: [],
    });
    expect(ids).toContain("finance");
  });

  it("gives the same ids for the same text, and names its basis", async () => {
    expect(await classifier.classify(weather)).toEqual(await classifier.classify(weather));
    expect(await classifier.classify(weather)).toContain("location-maps");
    expect(classifier.basis(weather)).toBe(classifier.basis({ ...weather }));
    expect(classifier.basis(weather)).not.toBe(classifier.basis({ ...weather, description: "Other." }));
    expect(classifier.model).toBe("local/universal-sentence-encoder-lite");
    expect(classifier.usesModel).toBe(true);
  });
});

describe("CategoryClassifier without a model", () => {
  it("falls back to the keyword rules, with a basis of its own", async () => {
    const keywords = await CategoryClassifier.create(undefined);
    expect(keywords.model).toBe("keywords");
    expect(keywords.usesModel).toBe(false);
    expect(await keywords.classify(weather)).toEqual(["location-maps"]);
  });
});
