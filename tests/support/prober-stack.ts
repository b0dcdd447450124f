import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig, type Config } from "@catalog/config";
import { OFFICIAL_META_KEY, entryHash } from "@catalog/registry";
import { waitForIdle, type Harness } from "@catalog/testing";
import type { Resolver } from "@catalog/url-policy";
import type { Worker } from "bullmq";
import { startCatalogWorker } from "../../services/catalog/src/catalog.js";
import { answerClientErrors } from "../../services/gateway/src/http/client-errors.js";
import { createApp } from "../../services/gateway/src/app.js";
import { SearchClient } from "../../services/gateway/src/search/search-client.js";
import { startProber, type Prober } from "../../services/prober/src/prober.js";

/** Names the stack resolves: `private.test` leads to a private address; nothing reaches real DNS. */
export const testResolver: Resolver = async (hostname) => {
  if (hostname === "private.test") return [{ address: "10.9.8.7", family: 4 }];
  throw Object.assign(new Error(`${hostname} not found`), { code: "ENOTFOUND" });
};

export type ProberStack = {
  /** The gateway's own origin (what BASE_URL points at). */
  gateway: string;
  config: Config;
  prober: Prober;
  catalog: Worker;
  stop: () => Promise<void>;
};

/**
 * Gateway, prober and catalog workers in this process on one harness, in test mode (loopback
 * and http allowed, names resolved by `testResolver`).
 */
export async function startProberStack(
  h: Harness,
  env: Record<string, string> = {},
  search = new SearchClient("http://127.0.0.1:9"),
): Promise<ProberStack> {
  const config = loadConfig({
    ...h.env,
    NODE_ENV: "test",
    URL_POLICY_TEST_MODE: "true",
    // No stack's caller waits the deadline out but checks.test (its own): a loaded machine must not cut a probe short.
    PROBE_TIMEOUT_MS: "15000",
    WORKER_LOCK_MS: "5000",
    // Check tests send more than 20 requests a minute; limits have their own tests.
    RATE_LIMIT_ENABLED: "false",
    ...env,
  });
  const prober = startProber({ db: h.db, bus: h.bus, log: h.log, config, resolver: testResolver });
  const catalog = startCatalogWorker({ db: h.db, bus: h.bus, log: h.log, config });
  const app = (base: string) =>
    createApp({
      db: h.db,
      bus: h.bus,
      search,
      log: h.log,
      config: { ...config, BASE_URL: base },
      resolver: testResolver,
    });
  // BASE_URL must name the port the server gets, so bind first and then mount the app.
  let handler: RequestListener = () => undefined;
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  answerClientErrors(server); // as the gateway's main does
  const gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  handler = app(gateway);
  return {
    gateway,
    config,
    prober,
    catalog,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await prober.stop();
      await catalog.close();
    },
  };
}

/** Publishes a catalog server with the given remotes through the catalog's own upsert job. */
export async function publishServer(
  h: Harness,
  name: string,
  remotes: { type: string; url: string }[],
  version = "1.0.0",
): Promise<void> {
  const server = { name, version, description: `Test server ${name}.`, remotes };
  const now = new Date().toISOString();
  const official = { status: "active", publishedAt: now, updatedAt: now, isLatest: true };
  await h.bus.add("catalog", "upsert-version", {
    entry: { server, _meta: { [OFFICIAL_META_KEY]: official } },
    hash: entryHash(server, official),
    source: "import",
  });
  await waitForIdle(h.bus, ["catalog"]);
}
