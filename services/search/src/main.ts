import { SearchIndexStateRepository, SearchRepository } from "@catalog/db";
import { runService, startReconciler } from "@catalog/runtime";
import { owedIndex } from "./owed/index.owed.js";
import { owedVectors } from "./owed/vectors.owed.js";
import { startSearch } from "./search.js";

await runService(
  "search",
  async (runtime) => {
    const { config, log, db, bus } = runtime;
    // Embedding is owed under the model the service loads (none before it is loaded).
    let model = (): string | undefined => undefined;
    const reconciler = startReconciler(runtime, "search", [
      owedIndex(new SearchIndexStateRepository(db.prisma), bus),
      owedVectors(new SearchRepository(db), bus, () => model()),
    ]);
    const search = await startSearch({ ...runtime, details: () => reconciler.details() });
    model = search.model;
    log.info({ port: config.SEARCH_PORT, provider: config.EMBEDDING_PROVIDER }, "search started");
    return {
      stop: async () => {
        await reconciler.stop();
        await search.stop();
      },
    };
  },
  // Search queries are short: compiling one (JIT) would cost more than running it.
  { sessionOptions: "-c jit=off" },
);
