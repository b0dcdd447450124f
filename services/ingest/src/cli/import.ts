#!/usr/bin/env node
// Operator import for air-gapped installs and tests: loads a registry-format file (the
// official list shape, or an array of {server, _meta} entries) and optionally a tools file
// ({"<server name>": [tools]}) into the catalog through the same jobs as the mirror.
import { readFile } from "node:fs/promises";
import { loadConfig } from "@catalog/config";
import { ToolsFileSchema } from "@catalog/contracts";
import { Database } from "@catalog/db";
import { JobBus } from "@catalog/queue";
import { parseRegistryDocument } from "@catalog/registry";
import { commandArgs, Progress, progressWriter, usageError, type CommandHelp } from "@catalog/runtime";
import { CatalogHandOver } from "../mirror/hand-over.js";

const HELP: CommandHelp = {
  usage: ["npm run import -- <registry.json> [--tools <tools.json>] [--wait]"],
  summary:
    "Loads a registry snapshot into the catalog through the same jobs as the mirror (an " +
    "air-gapped install's way in), and optionally a tools file.",
  options: [
    [
      "<registry.json>",
      "the official registry's list ({servers: [...]}) or an array of {server, _meta} entries",
    ],
    [
      "--tools <tools.json>",
      'tool lists by server: {"<server name>": [{name, description, inputSchema}, ...]}',
    ],
    ["--wait", "wait until the catalog has processed every job, then report failed jobs"],
  ],
  settings: ["DATABASE_URL", "REDIS_URL", "QUEUE_PREFIX"],
  exitCodes: [
    [0, "handed over (with --wait: processed, none failed)"],
    [1, "the file could not be read, or (with --wait) jobs failed"],
    [2, "wrong arguments"],
  ],
};
const { values, positionals } = commandArgs(HELP, {
  tools: { type: "string" },
  wait: { type: "boolean", default: false },
});
if (positionals.length !== 1) usageError(HELP, "one registry file is needed");

const config = loadConfig();
const db = new Database({ url: config.DATABASE_URL, poolSize: 2, applicationName: "import" });
const bus = new JobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });
try {
  const { entries, invalid } = parseRegistryDocument(await readFile(positionals[0] ?? "", "utf8"));
  for (const problem of invalid) console.error(`skipped invalid entry ${problem}`);
  const handOver = CatalogHandOver.create(db.prisma, bus);
  const versions = await handOver.versions(entries, "import");
  console.log(
    `versions: ${versions.handedOver} handed over, ${versions.unchanged} unchanged, ${invalid.length} invalid`,
  );

  if (values.tools) {
    const tools = ToolsFileSchema.parse(JSON.parse(await readFile(values.tools, "utf8")));
    await handOver.toolLists(
      Object.entries(tools).map(([serverName, list]) => ({ serverName, tools: list })),
      new Date().toISOString(),
    );
    console.log(`tool lists: ${Object.keys(tools).length} handed over`);
  }
  if (values.wait) {
    const queue = bus.queue("catalog");
    const pending = async () =>
      Object.values(await queue.getJobCounts("waiting", "active", "delayed", "prioritized")).reduce(
        (a, b) => a + b,
        0,
      );
    // Progress over the jobs queued when the wait began (the catalog queues a few more of its own).
    const total = await pending();
    const progress = new Progress("catalog jobs", total, Date.now());
    const out = progressWriter(process.stdout);
    // Failing jobs are retried for about a day (a dependency may be away): say so while waiting.
    let told = Date.now();
    for (;;) {
      const left = await pending();
      out.update(progress.line(Math.max(0, total - left), Date.now()), Date.now());
      if (left === 0) break;
      const { delayed } = await queue.getJobCounts("delayed");
      if (delayed && Date.now() - told > 30_000) {
        told = Date.now();
        console.log(
          `\nwaiting: ${delayed} jobs wait for a retry (see the catalog's logs); Ctrl-C leaves them queued`,
        );
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    out.finish(progress.line(total, Date.now()));
    const failed = (await queue.getJobCounts("failed")).failed ?? 0;
    console.log(`catalog idle; ${failed} failed jobs in the queue`);
    process.exitCode = failed > 0 ? 1 : 0;
  }
} catch (err) {
  console.error(`import failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await bus.close();
  await db.close();
}
