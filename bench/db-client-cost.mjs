// CPU per query of the Prisma client against the pg pool it is built on, in one process: the
// same statement raw through Prisma (tagged and unsafe), inside an interactive transaction, and
// through pg. Every catalog write runs about twelve statements in a Prisma transaction.
// Usage: node bench/db-client-cost.mjs [queries]   (DATABASE_URL, else the local PostgreSQL)
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { Database } = await import(path.join(root, "packages/db/dist/index.js"));
const n = Number(process.argv[2] ?? 3000);
const db = new Database({
  url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  poolSize: 4,
  applicationName: "bench",
});
const SQL = `SELECT $1::int AS a, now() AS b, '{"x":1}'::json AS c`;

/** CPU microseconds per query of `run(i)`, on a second pass (the first warms the JIT and the pool). */
async function cost(run, queriesPerCall = 1) {
  let us = 0;
  for (let pass = 0; pass < 2; pass++) {
    const before = process.cpuUsage();
    for (let i = 0; i < n / queriesPerCall; i++) await run(i);
    const spent = process.cpuUsage(before);
    us = (spent.user + spent.system) / n;
  }
  return Math.round(us);
}

const rows = {
  "pg pool": await cost((i) => db.pool.query(SQL, [i])),
  "Prisma $queryRawUnsafe": await cost((i) => db.prisma.$queryRawUnsafe(SQL, i)),
  "Prisma $queryRaw (tagged)": await cost(
    (i) => db.prisma.$queryRaw`SELECT ${i}::int AS a, now() AS b, '{"x":1}'::json AS c`,
  ),
  "Prisma $queryRaw, 10 a transaction": await cost(
    (i) =>
      db.prisma.$transaction(async (tx) => {
        for (let j = 0; j < 10; j++)
          await tx.$queryRaw`SELECT ${i}::int AS a, now() AS b, '{"x":1}'::json AS c`;
      }),
    10,
  ),
  "pg, 10 a transaction": await cost(async (i) => {
    const client = await db.pool.connect();
    try {
      await client.query("BEGIN");
      for (let j = 0; j < 10; j++) await client.query(SQL, [i]);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
  }, 10),
};
await db.close();
const base = rows["pg pool"];
console.log("| client | CPU µs per query | against pg |\n|---|---|---|");
for (const [name, us] of Object.entries(rows)) console.log(`| ${name} | ${us} | ${(us / base).toFixed(1)} |`);
