#!/usr/bin/env node
// Operators' blocklist from the command line (the same effect as the admin endpoint).
import { userInfo } from "node:os";
import { BlocklistAddSchema, BlocklistNameSchema } from "@catalog/contracts";
import { loadConfig } from "@catalog/config";
import { BlocklistRepository, Database } from "@catalog/db";
import { commandArgs, usageError, type CommandHelp } from "@catalog/runtime";
import { JobBus } from "@catalog/queue";
import { BlocklistService } from "../admin/blocklist.service.js";

const HELP: CommandHelp = {
  usage: [
    "npm run blocklist -- list",
    "npm run blocklist -- add <namespace/name | namespace/*> --reason <text>",
    "npm run blocklist -- remove <namespace/name | namespace/*>",
  ],
  summary:
    "Lists, adds or removes blocklist entries, as the admin endpoint does: a blocked server's " +
    "connection answers 403 on every gateway at once, and its trust is derived again.",
  options: [
    ["--reason <text>", "why (add only; shown to users in the 403 body)"],
    ["list output", "one entry per line: name, reason, created by, created at (tab-separated)"],
  ],
  settings: ["DATABASE_URL", "REDIS_URL", "QUEUE_PREFIX"],
  exitCodes: [
    [0, "done"],
    [1, "the entry is invalid, or there was none to remove"],
    [2, "wrong arguments"],
  ],
};
const { values, positionals } = commandArgs(HELP, { reason: { type: "string" } });
const [command, name] = positionals;
if (!command || !["list", "add", "remove"].includes(command))
  usageError(HELP, command ? `unknown command: ${command}` : "a command is needed");

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
