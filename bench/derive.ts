/**
 * Cost of the catalog's derivation (connectability, owner, trust, quality, categories) on the
 * mirror's write path: mirrors the real 2025-12-18 snapshot (2,794 versions of 1,108 servers)
 * through the catalog worker in this process and reports the throughput and the average time of
 * each step of DerivedService.refresh.
 *
 * Usage: pnpm --filter @catalog/bench run derive
 */
import { CatalogRepository, EvidenceRepository, ProbesRepository } from "@catalog/db";
import { createHarness, SNAPSHOT_2025_12_18 } from "@catalog/testing";
import { DerivedService } from "../services/catalog/src/servers/derived.service.js";
import { catalogWorker, mirrorSnapshot } from "../tests/support/catalog.js";
import { benchInfrastructure, round } from "./support.js";

const totals = new Map<string, { ms: number; n: number }>();

/** Times every call of a prototype method under `label`. */
function timed(proto: object, method: string, label: string): void {
  const target = proto as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = target[method]!;
  target[method] = async function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      const t = totals.get(label) ?? { ms: 0, n: 0 };
      totals.set(label, { ms: t.ms + performance.now() - started, n: t.n + 1 });
    }
  };
}

timed(CatalogRepository.prototype, "withServerLock", "transaction (lock wait included)");
timed(DerivedService.prototype, "refresh", "refresh (all of it)");
timed(CatalogRepository.prototype, "serverFacts", "  read versions");
timed(EvidenceRepository.prototype, "load", "  read evidence");
timed(ProbesRepository.prototype, "syncTargets", "  sync probe targets");
timed(CatalogRepository.prototype, "updateServer", "  write server");

await benchInfrastructure();
const h = await createHarness();
const worker = catalogWorker(h);
try {
  const started = performance.now();
  await mirrorSnapshot(h, SNAPSHOT_2025_12_18);
  const seconds = (performance.now() - started) / 1000;
  const versions = totals.get("refresh (all of it)")?.n ?? 0;
  console.log(`mirrored ${versions} versions in ${round(seconds)} s: ${round(versions / seconds)} upserts/s`);
  for (const [label, t] of totals) console.log(`${label.padEnd(36)} ${round(t.ms / t.n)} ms avg over ${t.n}`);
} finally {
  await worker.close();
  await h.close();
}
