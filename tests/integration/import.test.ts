import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Worker } from "bullmq";
import { parseRegistryDocument } from "@catalog/registry";
import { createHarness, sharedData, SNAPSHOT_2025_12_18, type Harness } from "@catalog/testing";
import { catalogWorker } from "../support/catalog.js";

const run = promisify(execFile);
const cli = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../services/ingest/dist/cli/import.js",
);

describe("catalog-import (operator import)", () => {
  let h: Harness;
  let worker: Worker;
  let dir: string;

  beforeAll(async () => {
    h = await createHarness();
    worker = catalogWorker(h);
    dir = mkdtempSync(path.join(tmpdir(), "catalog-import-"));
  });
  afterAll(async () => {
    await worker.close();
    await h.close();
  });

  const importFiles = (...args: string[]) =>
    run(process.execPath, [cli, ...args], { env: { ...process.env, ...h.env, LOG_LEVEL: "silent" } });

  it("loads a registry file and its tool lists through the catalog's jobs", async () => {
    const { entries } = parseRegistryDocument(readFileSync(sharedData(SNAPSHOT_2025_12_18), "utf8"));
    const slice = entries.slice(0, 40);
    const names = [...new Set(slice.map((e) => e.server.name))];
    writeFileSync(path.join(dir, "registry.json"), JSON.stringify({ servers: slice }));
    writeFileSync(
      path.join(dir, "tools.json"),
      JSON.stringify({
        [names[0]!]: [
          {
            name: "send_message",
            description: "Send a message",
            inputSchema: { type: "object", properties: { text: { type: "string" } } },
          },
          { name: "list_channels", description: "List channels" },
        ],
      }),
    );
    const first = await importFiles(
      path.join(dir, "registry.json"),
      "--tools",
      path.join(dir, "tools.json"),
      "--wait",
    );
    expect(first.stdout).toContain("versions: 40 handed over, 0 unchanged, 0 invalid");
    expect(first.stdout).toContain("tool lists: 1 handed over");
    expect(first.stdout).toContain("0 failed jobs");
    // Progress while waiting, as plain lines off a terminal; the last one says done.
    expect(first.stdout).toMatch(/catalog jobs: \d[\d,]*\/\d[\d,]* \(100%\), [\d,]+\/s, done\n/);

    const versions = await h.db.prisma.serverVersion.count();
    expect(versions).toBe(40);
    const tools = await h.db.prisma.tool.findMany({
      where: { serverName: names[0]! },
      orderBy: { name: "asc" },
    });
    expect(tools.map((t) => [t.name, t.source])).toEqual([
      ["list_channels", "import"],
      ["send_message", "import"],
    ]);
    const server = await h.db.prisma.server.findUniqueOrThrow({ where: { name: names[0]! } });
    expect(server.toolCount).toBe(2);

    const again = await importFiles(path.join(dir, "registry.json"));
    expect(again.stdout).toContain("versions: 0 handed over, 40 unchanged");
  });

  it("refuses a file that is not a registry document with a clear message", async () => {
    writeFileSync(path.join(dir, "bad.json"), JSON.stringify({ hello: "world" }));
    await expect(importFiles(path.join(dir, "bad.json"))).rejects.toMatchObject({
      stderr: expect.stringContaining("not a registry document"),
    });
    await expect(importFiles()).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("usage:") });
  });
});
