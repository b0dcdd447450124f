import type { AddressInfo } from "node:net";
import { cachedCheck, startHealthServer } from "./health-server.js";

describe("health checks under a flood of /healthz", () => {
  it("reuses one verdict for its period and never runs two checks at once", async () => {
    let checks = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    const check = cachedCheck(async () => {
      checks++;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await new Promise((r) => setTimeout(r, 20));
      inFlight--;
      return { postgres: true, redis: true };
    }, 60_000);
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => check()));
    expect(verdicts.every((v) => v.postgres && v.redis)).toBe(true);
    expect(await check()).toEqual({ postgres: true, redis: true });
    expect({ checks, mostInFlight }).toEqual({ checks: 1, mostInFlight: 1 });
  });

  it("checks again once the period is over, and at once after a check that threw", async () => {
    let checks = 0;
    const fresh = cachedCheck(async () => ({ n: ++checks > 0 }), 0);
    await fresh();
    await fresh();
    expect(checks).toBe(2);

    let calls = 0;
    const flaky = cachedCheck(async () => {
      if (++calls === 1) throw new Error("pool exploded");
      return { postgres: true };
    }, 60_000);
    await expect(flaky()).rejects.toThrow("pool exploded");
    expect(await flaky()).toEqual({ postgres: true });
  });

  it("a health server answers a burst of /healthz with at most one dependency check per second", async () => {
    let checks = 0;
    const server = await startHealthServer(0, async () => {
      checks++;
      return { postgres: true, redis: true };
    });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
      const started = Date.now();
      const statuses = await Promise.all(Array.from({ length: 100 }, () => fetch(url).then((r) => r.status)));
      const seconds = (Date.now() - started) / 1000;
      expect(statuses.every((s) => s === 200)).toBe(true);
      // However slow the machine, no more checks than seconds elapsed (plus the first).
      expect(checks).toBeGreaterThanOrEqual(1);
      expect(checks).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
