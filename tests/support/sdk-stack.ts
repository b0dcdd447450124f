import type { AddressInfo } from "node:net";
import { loadConfig } from "@catalog/config";
import { Database } from "@catalog/db";
import { createHarness, unusedPort, waitForIdle, type Harness } from "@catalog/testing";
import { startModernServer, type TestHttpServer } from "@catalog/testing/mcp";
import { startProber, type Prober } from "../../services/prober/src/prober.js";
import type { SearchService } from "../../services/search/src/search.js";
import { accountWithKeys } from "./accounts.js";
import { catalogWorker } from "./catalog.js";
import { serveGateway, type RunningGateway } from "./gateway.js";
import { publishServer, testResolver } from "./prober-stack.js";
import { startSearchFor } from "./search-catalog.js";
import { importSnapshotSlice } from "./snapshot-slice.js";

/** Everything an SDK test talks to, and what it may assert about. */
export type SdkStack = {
  h: Harness;
  /** The gateway with everyday limits (anonymous raised so that the suite is never throttled). */
  url: string;
  /** A gateway in its own Redis namespace allowing 2 anonymous requests per 2-second window. */
  strictUrl: string;
  /** A gateway whose PostgreSQL is away: every read answers 503 service_unavailable. */
  unavailableUrl: string;
  /** An active API key of a free account. */
  key: string;
  /** A catalog server whose remote is a loopback MCP server with 3 tools. */
  server: string;
  /** The remote's URL, to check on demand. */
  remote: string;
  /** A server of the real registry snapshot. */
  registryServer: string;
  /** A new loopback MCP server, never checked before (closed with the stack). */
  freshRemote: () => Promise<string>;
  stop: () => Promise<void>;
};

const SDK_SERVER = "io.github.catalog-sdk/weather";

/**
 * The running service for the SDK suites: real search (keyword mode), prober and catalog
 * workers, the real snapshot's first versions plus a loopback MCP server published in the
 * catalog and checked once (so its tools are listed), and three gateways (everyday limits,
 * strict limits, PostgreSQL away).
 */
export async function startSdkStack(): Promise<SdkStack> {
  const h = await createHarness();
  const stoppers: (() => Promise<unknown>)[] = [];
  try {
    const search: SearchService = await startSearchFor(h, { EMBEDDING_PROVIDER: "none" });
    stoppers.push(() => search.stop());
    const catalog = catalogWorker(h);
    stoppers.push(() => catalog.close());
    const config = loadConfig({
      ...h.env,
      NODE_ENV: "test",
      URL_POLICY_TEST_MODE: "true",
      // Nothing here waits the deadline out: a loaded machine must not cut a check's listing short.
      PROBE_TIMEOUT_MS: "15000",
    });
    const prober: Prober = startProber({ db: h.db, bus: h.bus, log: h.log, config, resolver: testResolver });
    stoppers.push(() => prober.stop());
    const mcp: TestHttpServer & { url: string } = await startModernServer();
    stoppers.push(() => mcp.close());

    const entries = await importSnapshotSlice(h, 40);
    await publishServer(h, SDK_SERVER, [{ type: "streamable-http", url: mcp.url }]);
    const settings = {
      NODE_ENV: "test",
      URL_POLICY_TEST_MODE: "true",
      SEARCH_URL: `http://127.0.0.1:${(search.http.address() as AddressInfo).port}`,
    };
    const gateways: RunningGateway[] = [
      await serveGateway(h, () => ({ ...settings, RATE_LIMIT_ANONYMOUS: "1000" }), {
        resolver: testResolver,
      }),
      await serveGateway(
        h,
        () => ({
          ...settings,
          QUEUE_PREFIX: `${h.prefix}-strict`,
          RATE_LIMIT_ANONYMOUS: "2",
          RATE_LIMIT_WINDOW_SECONDS: "2",
        }),
        { resolver: testResolver },
      ),
    ];
    const away = new Database({ url: `postgresql://postgres@127.0.0.1:${await unusedPort()}/catalog` });
    stoppers.push(() => away.close());
    gateways.push(
      await serveGateway(h, () => ({ ...settings, QUEUE_PREFIX: `${h.prefix}-away` }), { db: away }),
    );
    stoppers.push(() => Promise.all(gateways.map((g) => g.close())));
    // A check of the catalog server's remote records its tools; then everything is indexed.
    const started = await fetch(`${gateways[0]!.url}/v1/check?wait=20`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: mcp.url }),
    });
    if (started.status !== 200) throw new Error(`check of the test remote answered ${started.status}`);
    await waitForIdle(h.bus, ["catalog", "search"]);
    const { keys } = await accountWithKeys(h, "sdk");
    return {
      h,
      url: gateways[0]!.url,
      strictUrl: gateways[1]!.url,
      unavailableUrl: gateways[2]!.url,
      key: keys[0]!,
      server: SDK_SERVER,
      remote: mcp.url,
      registryServer: entries[0]!.server.name,
      freshRemote: async () => {
        const server = await startModernServer();
        stoppers.push(() => server.close());
        return server.url;
      },
      stop: () => stopAll(h, stoppers),
    };
  } catch (err) {
    await stopAll(h, stoppers);
    throw err;
  }
}

async function stopAll(h: Harness, stoppers: (() => Promise<unknown>)[]): Promise<void> {
  for (const stop of stoppers.reverse()) await stop();
  await h.close();
}
