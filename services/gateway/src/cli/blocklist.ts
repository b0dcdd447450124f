#!/usr/bin/env node
// Operators' blocklist from the command line (the same effect as the admin endpoint):
//
//   catalog-blocklist list
//   catalog-blocklist add <namespace/name | namespace/*> --reason <text>
//   catalog-blocklist remove <namespace/name | namespace/*>
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { BlocklistAddSchema, BlocklistNameSchema } from "@catalog/contracts";
import { loadConfig } from "@catalog/config";
import { BlocklistRepository, Database } from "@catalog/db";
import { JobBus } from "@catalog/queue";
import { BlocklistService } from "../admin/blocklist.service.js";

const USAGE = `usage: catalog-blocklist list
       catalog-blocklist add <namespace/name | namespace/*> --reason <text>
       catalog-blocklist remove <namespace/name | namespace/*>`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { reason: { type: "string" }, help: { type: "boolean" } },
});
const [command, name] = positionals;
if (values.help || !command || !["list", "add", "remove"].includes(command)) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const config = loadConfig();
const db = new Database({ url: config.DATABASE_URL, poolSize: 2, applicationName: "blocklist" });
const bus = new JobBus({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });
const service = new BlocklistService(new BlocklistRepository(db.prisma), bus);
try {
  if (command === "list") {
    for (const e of await service.list())
      console.log(`${e.name}\t${e.reason}\t${e.created_by}\t${e.created_at}`);
  } else if (command === "add") {
    const entry = BlocklistAddSchema.safeParse({ name, reason: values.reason });
    if (!entry.success)
      throw new Error(entry.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    await service.add(entry.data.name, entry.data.reason, `cli:${userInfo().username}`);
    console.log(`blocked ${entry.data.name}`);
  } else {
    const entry = BlocklistNameSchema.safeParse(name);
    if (!entry.success) throw new Error(entry.error.issues[0]?.message ?? "bad name");
    const removed = await service.remove(entry.data);
    console.log(removed ? `unblocked ${entry.data}` : `${entry.data} was not on the blocklist`);
    if (!removed) process.exitCode = 1;
  }
} catch (err) {
  console.error(`blocklist: ${(err as Error).message}`);
  process.exitCode = 2;
} finally {
  await bus.close();
  await db.close();
}
