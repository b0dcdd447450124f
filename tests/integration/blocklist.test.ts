import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  BlocklistBodySchema,
  BlockedBodySchema,
  QualityBodySchema,
  ServerDescriptorSchema,
} from "@catalog/contracts";
import { createHarness, waitForIdle, type Harness } from "@catalog/testing";
import type { Worker } from "bullmq";
import { catalogWorker } from "../support/catalog.js";
import { registryEntry, seedCatalog, startGateway, type Gateway } from "../support/read-api.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TOKEN = "admin-token-for-tests";
const remote = (url: string) => ({ remotes: [{ type: "streamable-http", url }] });

let h: Harness;
let api: Gateway;
let worker: Worker;

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(h, [
    registryEntry({
      name: "com.evil/tools",
      description: "Does things.",
      ...remote("https://mcp.evil.com/mcp"),
    }),
    registryEntry({
      name: "com.evil/more",
      description: "Does more things.",
      ...remote("https://more.evil.com/mcp"),
    }),
    registryEntry({
      name: "com.good/weather",
      description: "Weather forecasts.",
      ...remote("https://mcp.good.com/mcp"),
    }),
  ]);
  worker = catalogWorker(h);
  api = await startGateway(h, { ADMIN_TOKEN: TOKEN });
});

afterAll(async () => {
  await worker?.close();
  await api?.close();
  await h?.close();
});

async function admin(method: string, pathAndQuery: string, body?: unknown, token = TOKEN) {
  const res = await fetch(api.url + pathAndQuery, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const flagsOf = async (name: string) =>
  ServerDescriptorSchema.parse((await api.get(`/v1/servers/${name}`)).body);

describe("the blocklist", () => {
  it("is for operators only", async () => {
    expect((await admin("GET", "/admin/blocklist", undefined, "wrong")).status).toBe(401);
    expect((await fetch(`${api.url}/admin/blocklist`)).status).toBe(401);
    const bad = await admin("POST", "/admin/blocklist", { name: "not a name", reason: "" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.issues.fieldErrors).sort()).toEqual(["name", "reason"]);
  });

  it("blocks a namespace: 403 on connection, flagged in the descriptor, blocked in quality whatever the score", async () => {
    const added = await admin("POST", "/admin/blocklist", { name: "com.evil/*", reason: "Malware reported" });
    expect(added).toMatchObject({ status: 201, body: { name: "com.evil/*", reason: "Malware reported" } });
    // The connection reads the blocklist itself: refused at once.
    const refused = await api.get("/v1/servers/com.evil/tools/connection");
    expect(refused.status).toBe(403);
    expect(BlockedBodySchema.parse(refused.body).reason).toBe("Malware reported");
    // The catalog re-derives the namespace's servers: the blocked flag, trust 0.
    await waitForIdle(h.bus, ["catalog"]);
    for (const name of ["com.evil/tools", "com.evil/more"]) {
      const d = await flagsOf(name);
      expect(d).toMatchObject({ blocked: true, trust: { score: 0 } });
      expect(d.trust.flags).toContain("blocked");
      expect(d.trust.evidence.blocked).toEqual({ entry: "com.evil/*", reason: "Malware reported" });
      expect(QualityBodySchema.parse((await api.get(`/v1/servers/${name}/quality`)).body).blocked).toBe(true);
    }
    const good = await flagsOf("com.good/weather");
    expect(good.blocked).toBe(false);
    expect(good.trust.flags).not.toContain("blocked");
    expect(good.trust.score).toBeGreaterThan(0);
    const list = BlocklistBodySchema.parse((await admin("GET", "/admin/blocklist")).body);
    expect(list.entries.map((e) => e.name)).toEqual(["com.evil/*"]);
  });

  it("unblocks through the endpoint, and 404s an entry that is not there", async () => {
    expect((await admin("DELETE", `/admin/blocklist?name=${encodeURIComponent("com.evil/*")}`)).status).toBe(
      204,
    );
    expect((await admin("DELETE", `/admin/blocklist?name=${encodeURIComponent("com.evil/*")}`)).status).toBe(
      404,
    );
    await waitForIdle(h.bus, ["catalog"]);
    const d = await flagsOf("com.evil/tools");
    expect(d.blocked).toBe(false);
    expect(d.trust.flags).not.toContain("blocked");
    expect((await api.get("/v1/servers/com.evil/tools/connection")).status).toBe(200);
  });

  it("takes the same entries from the CLI", async () => {
    const cli = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        [path.join(root, "services/gateway/dist/cli/blocklist.js"), ...args],
        {
          env: { ...process.env, ...h.env },
        },
      );
    expect((await cli("add", "com.good/weather", "--reason", "Impersonates a brand")).stdout).toContain(
      "blocked com.good/weather",
    );
    expect((await cli("list")).stdout).toContain("com.good/weather\tImpersonates a brand\tcli:");
    await waitForIdle(h.bus, ["catalog"]);
    expect((await flagsOf("com.good/weather")).trust.flags).toContain("blocked");
    expect((await api.get("/v1/servers/com.good/weather/connection")).status).toBe(403);
    await expect(cli("add", "com.good/*")).rejects.toMatchObject({ code: 2 });
    expect((await cli("remove", "com.good/weather")).stdout).toContain("unblocked com.good/weather");
    await waitForIdle(h.bus, ["catalog"]);
    expect((await flagsOf("com.good/weather")).trust.flags).not.toContain("blocked");
  });
});
