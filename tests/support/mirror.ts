import type { MirrorService } from "../../services/ingest/src/mirror/mirror.service.js";
import { createMirror } from "../../services/ingest/src/ingest.js";
import { FileRegistrySource } from "../../services/ingest/src/mirror/registry-source.js";
import { sharedData, type Harness } from "@catalog/testing";
import { snapshotHarness } from "./catalog.js";

const DAY_MS = 86_400_000;

/**
 * The catalog worker's settings in the mirror suites: short locks, so that a killed worker's jobs
 * return fast. (The suites wait up to 10 minutes for the queues, a full mirror on a loaded machine.)
 */
export const mirrorWorkerConfig = { CATALOG_CONCURRENCY: 4, WORKER_LOCK_MS: 2000, PROBE_INTERVAL_MS: DAY_MS };

export function mirrorOf(h: Harness, file: string): MirrorService {
  return createMirror(h, new FileRegistrySource(sharedData(file)), DAY_MS);
}

/** Everything the catalog holds about versions and servers, minus bookkeeping timestamps. */
export async function catalogState(h: Harness): Promise<unknown> {
  const versions = await h.db.pool.query(`
    SELECT server_name, version, server_json::text AS server_json, official_meta::text AS official_meta, status,
           is_latest, published_at, updated_at, content_hash
    FROM server_versions ORDER BY server_name, version`);
  const servers = await h.db.pool.query(`
    SELECT name, namespace, latest_version, status, title, description, website_url, repository_url,
           first_published_at, updated_at, deleted_at, connection_class, autonomous, human_steps, connectability
    FROM servers ORDER BY name`);
  return { versions: versions.rows, servers: servers.rows };
}

/**
 * The state a fresh full mirror of the 2025-12-18 snapshot reaches: that of the snapshot
 * template (tests/support/catalog.ts), which is such a mirror, made once per change of the code
 * that writes the catalog. When that code has changed, the first caller waits while another suite
 * builds it (minutes on a loaded machine): the mirror suites' timeouts allow for the wait.
 */
export async function freshMirrorState(): Promise<unknown> {
  const fresh = await snapshotHarness();
  try {
    return await catalogState(fresh);
  } finally {
    await fresh.close();
  }
}

export async function counts(h: Harness): Promise<{ versions: number; servers: number; latest: number }> {
  const { rows } = await h.db.pool.query(
    `SELECT count(*)::int AS versions, count(DISTINCT server_name)::int AS servers, sum(is_latest::int)::int AS latest
     FROM server_versions`,
  );
  return rows[0];
}

export async function failedJobs(h: Harness): Promise<number> {
  return (await h.bus.queue("catalog").getJobCounts("failed")).failed ?? 0;
}
