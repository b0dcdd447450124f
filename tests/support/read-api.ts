import { loadConfig } from "@catalog/config";
import { entryHash, OFFICIAL_META_KEY } from "@catalog/registry";
import { waitForIdle, type Harness } from "@catalog/testing";
import { createApp } from "../../services/gateway/src/app.js";
import { SearchClient } from "../../services/gateway/src/search/search-client.js";
import { catalogWorker } from "./catalog.js";
import { listen } from "./http.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies loosely and validate them with the contract schemas
type Reply = { status: number; headers: Headers; text: string; body: any };

export type Gateway = {
  url: string;
  get: (path: string, headers?: Record<string, string>) => Promise<Reply>;
  request: (method: string, path: string) => Promise<Reply>;
  close: () => Promise<void>;
};

/** The gateway app in-process on a loopback port, over the harness's database. */
export async function startGateway(h: Harness, env: Record<string, string> = {}): Promise<Gateway> {
  const app = createApp({
    db: h.db,
    bus: h.bus,
    log: h.log,
    search: new SearchClient("http://127.0.0.1:9"),
    // Read tests send far more than 20 requests a minute; limits have their own tests.
    config: loadConfig({ ...h.env, RATE_LIMIT_ENABLED: "false", ...env }),
  });
  const { url, close } = await listen(app);
  const request = async (method: string, path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url + path, { method, headers });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, text, body };
  };
  return {
    url,
    get: (path, headers) => request("GET", path, headers),
    request: (method, path) => request(method, path),
    close,
  };
}

/** A registry entry as upstream lists it. */
export function registryEntry(
  server: Record<string, unknown> & { name: string },
  meta: { status?: "active" | "deprecated" | "deleted"; publishedAt?: string } = {},
) {
  const publishedAt = meta.publishedAt ?? "2025-11-01T10:00:00Z";
  return {
    server: { description: "", version: "1.0.0", ...server },
    _meta: {
      [OFFICIAL_META_KEY]: {
        status: meta.status ?? "active",
        publishedAt,
        updatedAt: publishedAt,
        isLatest: true,
        ...(meta.status === "deleted" ? { statusChangedAt: "2025-12-01T00:00:00Z" } : {}),
      },
    },
  };
}

type ToolInput = {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
};

/**
 * Loads entries and tool observations through the catalog's own job consumers, as the mirror
 * and an operator import would.
 */
export async function seedCatalog(
  h: Harness,
  entries: ReturnType<typeof registryEntry>[],
  observations: { serverName: string; tools: ToolInput[]; observedAt: string }[] = [],
): Promise<void> {
  const worker = catalogWorker(h);
  try {
    for (const e of entries) {
      const hash = entryHash(e.server, e._meta[OFFICIAL_META_KEY]);
      await h.bus.add("catalog", "upsert-version", { entry: e, hash, source: "import" });
    }
    await waitForIdle(h.bus, ["catalog"]);
    // One at a time: each observation is compared with the one before it.
    for (const o of observations) {
      await h.bus.add("catalog", "import-tools", o);
      await waitForIdle(h.bus, ["catalog"]);
    }
  } finally {
    await worker.close();
  }
}
