import { runService } from "@catalog/runtime";
import { startSearch } from "./search.js";

await runService(
  "search",
  async (runtime) => {
    const { config, log } = runtime;
    const search = await startSearch(runtime);
    log.info({ port: config.SEARCH_PORT, provider: config.EMBEDDING_PROVIDER }, "search started");
    return search;
  },
  // Search queries are short: compiling one (JIT) would cost more than running it.
  { sessionOptions: "-c jit=off" },
);
