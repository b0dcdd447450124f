// Cost of the access layer (key lookup, Redis limits, usage counting) on /v0.1/servers?limit=1,
// at concurrency 32, from this process against one gateway process per variant:
//   no-limits  RATE_LIMIT_ENABLED=false, anonymous (baseline)
//   anonymous  per-address limit (one Redis call), set high enough never to refuse
//   keyed-no-limits  X-API-Key with RATE_LIMIT_ENABLED=false: key lookup and usage counting only
//   keyed      X-API-Key: key lookup, per-minute window and daily quota (two Redis calls),
//              usage counters (one pipelined Redis write), limits set high enough never to refuse
// Usage: node bench/keyed-access.mjs [--duration S]
import path from "node:path";
import { parseArgs } from "node:util";
import { AccountsRepository, ApiKeysRepository } from "@catalog/db";
import { benchHarness, load, machine, root, startService, stopService, waitForHttp } from "./lib.mjs";

const { values } = parseArgs({
  options: { duration: { type: "string", default: "10" }, port: { type: "string", default: "18081" } },
});
const { ApiKeysService } = await import(
  path.join(root, "services/gateway/dist/accounts/api-keys.service.js")
);
const { h, close } = await benchHarness();
const base = `http://127.0.0.1:${values.port}`;
const HIGH = "1000000000";

try {
  const account = await new AccountsRepository(h.db.prisma).upsertByIdentity(
    { issuer: "https://id.example", subject: "bench", email: null, displayName: null },
    "bench-account",
  );
  const { key } = await new ApiKeysService(new ApiKeysRepository(h.db), 1, () => new Date()).create(
    account.id,
  );
  const variants = [
    { name: "no-limits", env: { RATE_LIMIT_ENABLED: "false" }, headers: {} },
    { name: "anonymous", env: { RATE_LIMIT_ANONYMOUS: HIGH }, headers: {} },
    { name: "keyed-no-limits", env: { RATE_LIMIT_ENABLED: "false" }, headers: { "x-api-key": key } },
    {
      name: "keyed",
      env: { RATE_LIMIT_ACCOUNT: HIGH, DAILY_QUOTA_ACCOUNT: HIGH },
      headers: { "x-api-key": key },
    },
  ];
  const results = {};
  for (const variant of variants) {
    const gateway = startService("gateway", h, { PORT: values.port, METRICS_PORT: "0", ...variant.env });
    try {
      await waitForHttp(`${base}/healthz`);
      const requests = [{ method: "GET", path: "/v0.1/servers?limit=1", headers: variant.headers }];
      await load({ url: base, requests, duration: 2 }); // warm-up
      results[variant.name] = await load({ url: base, requests, duration: Number(values.duration) });
    } finally {
      await stopService(gateway);
    }
  }
  console.log(JSON.stringify({ benchmark: "keyed-access", machine: machine(), results }));
} finally {
  await close();
}
