import { createHarness, type Harness } from "@catalog/testing";
import { startModernServer, type TestHttpServer } from "@catalog/testing/mcp";
import { accountWithKeys } from "../support/accounts.js";
import { startProberStack, type ProberStack } from "../support/prober-stack.js";

/** The key middleware names the account, so on-demand checks count against its own allowance. */
describe("checks with a key", () => {
  let h: Harness;
  let stack: ProberStack;
  let remote: TestHttpServer & { url: string };

  beforeAll(async () => {
    h = await createHarness();
    stack = await startProberStack(h, { CHECK_LIMIT_ANONYMOUS: "1", CHECK_LIMIT_ACCOUNT: "2" });
    remote = await startModernServer();
  });
  afterAll(async () => {
    await stack.stop();
    await remote.close();
    await h.close();
  });

  const start = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.gateway}/v1/check?wait=0`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ url: `${remote.url}/${path}` }),
    });

  it("uses the account's allowance, not the address's", async () => {
    expect((await start("anonymous-1")).status).toBeLessThan(300);
    const anonymous = await start("anonymous-2");
    expect(anonymous.status).toBe(429);
    expect(await anonymous.json()).toMatchObject({ error: "check_quota_exceeded", scope: "you" });

    const { keys } = await accountWithKeys(h, "checker");
    const keyed = { "x-api-key": keys[0]! };
    expect((await start("keyed-1", keyed)).status).toBeLessThan(300);
    expect((await start("keyed-2", keyed)).status).toBeLessThan(300);
    const third = await start("keyed-3", keyed);
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ error: "check_quota_exceeded", scope: "you" });
    expect(third.headers.get("cache-control")).toBe("private, no-store");
  });
});
