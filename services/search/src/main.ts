import { SearchIndexStateRepository } from "@catalog/db";
import { runService, startReconciler } from "@catalog/runtime";
import { owedIndex } from "./owed/index.owed.js";
import { startSearch } from "./search.js";

await runService(
  "search",
  async (runtime) => {
    const { config, log, db, bus } = runtime;
    const reconciler = startReconciler(runtime, "search", [
      owedIndex(new SearchIndexStateRepository(db.prisma), bus),
    ]);
    const search = await startSearch({ ...runtime, details: () => reconciler.details() });
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
