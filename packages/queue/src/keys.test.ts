import { redisKeys } from "./keys.js";

/**
 * These strings are in Redis on running deployments and shared by replicas of different
 * versions during a rollout: a failure here means a key format changed, which is a migration.
 */
describe("redis keys", () => {
  const keys = redisKeys("catalog");

  it("pins the gateway's limiter prefixes", () => {
    expect(keys.limiter("ip")).toBe("catalog:limits:ip");
    expect(keys.limiter("account")).toBe("catalog:limits:account");
    expect(keys.limiter("day")).toBe("catalog:limits:day");
    expect(keys.limiter("admin-token")).toBe("catalog:limits:admin-token");
  });

  it("pins the check allowance counters and claims", () => {
    expect(keys.checkAllowance(493_212, "you", "ip:abc")).toBe("catalog:check-allowance:493212:you:ip:abc");
    expect(keys.checkAllowance(1, "global", "anonymous")).toBe("catalog:check-allowance:1:global:anonymous");
    // sha256("https://mcp.example.com/mcp") in base64url
    expect(keys.checkClaim("https://mcp.example.com/mcp")).toBe(
      "catalog:check-recent:epMNJ6P1xGQ9qIwXlERIQGgjfTKNmeri9M_hk5QW088",
    );
  });

  it("pins the usage keys", () => {
    expect(keys.usageTotals("acc-1", "2026-11-24")).toBe("catalog:usage:acc-1:2026-11-24");
    expect(keys.usageDirty).toBe("catalog:usage:dirty");
    expect(keys.usageKeyUse).toBe("catalog:usage:key-use");
  });

  it("pins the search channel, the mirror fence and the probe host slots", () => {
    expect(keys.searchChanged).toBe("catalog:search:changed");
    expect(keys.catalogChanged).toBe("catalog:catalog:changed");
    expect(keys.everything).toBe("catalog:*");
    expect(keys.keysRevoked).toBe("catalog:keys:revoked");
    expect(keys.mirrorFence).toBe("catalog:ingest:mirror-fence");
    expect(keys.probeHost("mcp.example.com:443")).toBe("catalog:probe-host:mcp.example.com:443");
  });

  it("pins the markers of a Redis that lost its data", () => {
    expect(keys.alive("ingest", "3f2a")).toBe("catalog:alive:ingest:3f2a");
  });

  it("puts every key under the prefix it is given", () => {
    const other = redisKeys("test-7");
    expect(other.mirrorFence).toBe("test-7:ingest:mirror-fence");
    expect(other.limiter("ip")).toBe("test-7:limits:ip");
  });
});
