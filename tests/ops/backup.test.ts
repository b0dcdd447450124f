import { execFile } from "node:child_process";
import {
  copyFile,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  truncate,
  utimes,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllDocuments } from "yaml";
import { createHarness, type Harness } from "@catalog/testing";

/**
 * The PostgreSQL backup of k8s/base/backup: pg-backup.sh against a real database (a checked dump,
 * retention, no half-written files), and restore-drill.sh restoring that dump into a scratch
 * database and comparing every table's row count with the live one.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const backupScript = path.join(root, "k8s/base/backup/pg-backup.sh");
const drillScript = path.join(root, "k8s/base/backup/restore-drill.sh");
const DAY = 24 * 3600;

let h: Harness;
let dir: string;
/** The harness database's URL with a password in it (the local server's trust auth ignores it). */
let url: string;
let secret: string;
let drillDatabase: string;

beforeAll(async () => {
  h = await createHarness();
  dir = await mkdtemp(path.join(tmpdir(), "catalog-backup-"));
  const u = new URL(h.databaseUrl);
  if (!u.password) u.password = "secret-pw";
  secret = u.password;
  url = u.toString();
  // Unique per run: parallel runs on one server must not share the scratch database.
  drillDatabase = `catalog_drill_${h.prefix.replace(/[^a-z0-9]/g, "_")}`;
  await seed();
});
afterAll(async () => {
  // Only a broken drill leaves its scratch database behind; the tests below check it does not.
  await h?.db.pool.query(`DROP DATABASE IF EXISTS ${drillDatabase} WITH (FORCE)`);
  await rm(dir, { recursive: true, force: true });
  await h?.close();
});

/** A few servers, each with a version and a tool: rows in three tables linked by foreign keys. */
async function seed(): Promise<void> {
  const names = ["io.github.example/alpha", "io.github.example/beta", "com.example/gamma"];
  for (const [i, name] of names.entries()) {
    const published = new Date(Date.UTC(2025, 10, 1 + i)).toISOString();
    await h.db.pool.query(
      `INSERT INTO servers (name, namespace, latest_version, description, first_published_at, updated_at)
       VALUES ($1, $2, '1.0.0', $3, $4, $4)`,
      [name, name.split("/")[0], `Server ${name}`, published],
    );
    await h.db.pool.query(
      `INSERT INTO server_versions (server_name, version, server_json, official_meta, status, published_at,
         updated_at, is_latest, content_hash)
       VALUES ($1, '1.0.0', $2, '{}', 'active', $3, $3, true, $4)`,
      [name, JSON.stringify({ name, version: "1.0.0" }), published, `hash-${i}`],
    );
    await h.db.pool.query(
      `INSERT INTO tools (server_name, name, description, input_schema, source, observed_at, definition_hash)
       VALUES ($1, 'search', 'Searches things', '{"type":"object"}', 'probe', $2, $3)`,
      [name, published, `tool-${i}`],
    );
  }
}

type Run = { code: number; stdout: string; stderr: string };

/** Runs a script with only the given environment (and PATH); its output never holds the password. */
async function run(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const result = await new Promise<Run>((resolve) => {
    execFile(
      "sh",
      [script, ...args],
      { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env }, timeout: 50_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr }),
    );
  });
  expect(result.stdout + result.stderr).not.toContain(secret);
  return result;
}

const backup = (env: Record<string, string> = {}) =>
  run(backupScript, [], { DATABASE_URL: url, BACKUP_DIR: dir, ...env });
const drill = (dump: string, env: Record<string, string> = {}) =>
  run(drillScript, [dump], { DATABASE_URL: url, DRILL_DATABASE: drillDatabase, ...env });

const files = async () => (await readdir(dir)).sort();
const dumps = async () => (await files()).filter((f) => /^catalog-\d{8}T\d{6}Z\.dump$/.test(f));

async function databaseExists(name: string): Promise<boolean> {
  const { rowCount } = await h.db.pool.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  return rowCount === 1;
}

/** The drill's table: `table live restored [<- mark]` lines between its header and its verdict. */
function drillTable(stdout: string): { table: string; live: string; restored: string; mark?: string }[] {
  const lines = stdout.split("\n");
  const header = lines.findIndex((l) => /^table\s+live\s+restored$/.test(l));
  expect(header).toBeGreaterThanOrEqual(0);
  const rows = [];
  for (const line of lines.slice(header + 1)) {
    const m = /^(\S+)\s+(\d+|-)\s+(\d+|-)(?:\s+<- (.*))?$/.exec(line);
    if (!m) break;
    rows.push({ table: m[1]!, live: m[2]!, restored: m[3]!, ...(m[4] ? { mark: m[4] } : {}) });
  }
  return rows;
}

let dump: string;

it("writes one checked dump, readable by its owner only, and no half-written file", async () => {
  const result = await backup();
  expect(result).toMatchObject({ code: 0, stderr: "" });
  expect(result.stdout).toMatch(/checking that the archive reads back/);
  const written = await dumps();
  expect(written).toHaveLength(1);
  expect(await files()).toEqual(written);
  expect((await stat(path.join(dir, written[0]!))).mode & 0o077).toBe(0);
  dump = path.join(dir, written[0]!);
});

it("deletes dumps older than BACKUP_KEEP_DAYS and stale partial files, keeps the rest", async () => {
  const now = Date.now() / 1000;
  const age = async (file: string, days: number) => utimes(file, now - days * DAY, now - days * DAY);
  // The first run's dump, 20 days old now; a copy 5 days old; partial files of a killed run
  // (20 days) and of a run that may still be writing (just now).
  const old = path.join(dir, "catalog-20250101T031700Z.dump");
  const recent = path.join(dir, "catalog-20250116T031700Z.dump");
  await copyFile(dump, recent);
  await rm(dump);
  await writeFile(old, await readFile(recent));
  await age(old, 20);
  await age(recent, 5);
  await writeFile(path.join(dir, "catalog-20250101T031700Z.dump.partial"), "killed");
  await age(path.join(dir, "catalog-20250101T031700Z.dump.partial"), 20);
  await writeFile(path.join(dir, "catalog-20250121T031700Z.dump.partial"), "writing");

  const result = await backup();
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(`pg-backup: deleted ${old}`);
  const left = await files();
  expect(left).not.toContain(path.basename(old));
  expect(left).not.toContain("catalog-20250101T031700Z.dump.partial");
  expect(left).toContain(path.basename(recent));
  expect(left).toContain("catalog-20250121T031700Z.dump.partial");
  const fresh = (await dumps()).filter((f) => f !== path.basename(recent));
  expect(fresh).toHaveLength(1);
  dump = path.join(dir, fresh[0]!);
  await rm(path.join(dir, "catalog-20250121T031700Z.dump.partial"));
  await rm(recent);
});

it("leaves nothing behind when the database cannot be dumped", async () => {
  const nowhere = new URL(url);
  nowhere.pathname = `/${drillDatabase}_missing`;
  const empty = await mkdtemp(path.join(dir, "failed-"));
  const result = await backup({ DATABASE_URL: nowhere.toString(), BACKUP_DIR: empty });
  expect(result.code).not.toBe(0);
  expect(result.stderr).toMatch(/does not exist/);
  expect(await readdir(empty)).toEqual([]);
  await rm(empty, { recursive: true });
});

it("the drill restores the dump and finds every table equal, then drops its database", async () => {
  const result = await drill(dump);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const table = drillTable(result.stdout);
  expect(table.map((r) => r.table)).toEqual(expect.arrayContaining(["servers", "server_versions", "tools"]));
  expect(table.length).toBeGreaterThan(15);
  for (const row of table) expect(row).toEqual({ table: row.table, live: row.restored, restored: row.live });
  expect(table.find((r) => r.table === "servers")).toEqual({ table: "servers", live: "3", restored: "3" });
  const [live, restored] = [...result.stdout.matchAll(/newest migration, (?:live|restored): +(.+)/g)].map(
    (m) => m[1],
  );
  expect(live).toMatch(/^\d{14}_\w+ \(finished /);
  expect(restored).toBe(live);
  expect(result.stdout).toMatch(/OK: \d+ tables/);
  expect(await databaseExists(drillDatabase)).toBe(false);
}, 60_000);

it("the drill refuses the live database and names that are not plain", async () => {
  const live = decodeURIComponent(new URL(url).pathname.slice(1));
  for (const name of [live, "postgres", "drill; DROP TABLE servers"]) {
    const result = await drill(dump, { DRILL_DATABASE: name });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
  }
  expect((await h.db.pool.query("SELECT count(*)::int AS n FROM servers")).rows[0].n).toBe(3);
});

it("the drill drops its database when the restore fails", async () => {
  const broken = path.join(dir, "broken.dump");
  await copyFile(dump, broken);
  await truncate(broken, Math.floor((await stat(broken)).size / 2));
  const result = await drill(broken);
  expect(result.code).not.toBe(0);
  expect(result.stdout).toContain(`dropped the scratch database ${drillDatabase}`);
  expect(await databaseExists(drillDatabase)).toBe(false);
  await rm(broken);
}, 60_000);

it("the drill fails, naming the table, when live rows are gone; a tolerance lets it pass", async () => {
  await h.db.pool.query("DELETE FROM tools WHERE server_name = 'com.example/gamma'");
  const result = await drill(dump);
  expect(result.code).toBe(1);
  const differing = drillTable(result.stdout).filter((r) => r.mark);
  expect(differing).toEqual([{ table: "tools", live: "2", restored: "3", mark: "DIFFERS by 33.33%" }]);
  expect(result.stdout).toMatch(/FAILED: 1 of \d+ tables differ/);
  expect(await databaseExists(drillDatabase)).toBe(false);

  const tolerant = await drill(dump, { DRILL_TOLERANCE: "40" });
  expect(tolerant.code).toBe(0);
  expect(tolerant.stdout).toMatch(/^tools +2 +3 +<- differs by 33\.33%, within the tolerance$/m);
}, 60_000);

it("the drill fails when a table is missing on one side", async () => {
  await h.db.pool.query("CREATE TABLE public.drill_extra (id int)");
  try {
    const result = await drill(dump, { DRILL_TOLERANCE: "40" });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^drill_extra +0 +- +<- MISSING after the restore$/m);
  } finally {
    await h.db.pool.query("DROP TABLE public.drill_extra");
  }
}, 60_000);

it("the CronJob and its volume validate against the Kubernetes schema", async () => {
  // YAML 1.1, as Kubernetes reads it: defaultMode 0555 is octal.
  const docs = parseAllDocuments(await readFile(path.join(root, "k8s/base/backup/cronjob.yaml"), "utf8"), {
    version: "1.1",
  }).map((d) => d.toJSON() as { kind: string; metadata: { name: string } });
  expect(docs.map((d) => [d.kind, d.metadata.name])).toEqual([
    ["CronJob", "catalog-backup"],
    ["PersistentVolumeClaim", "catalog-backups"],
  ]);
  const { CronJob } = await import("kubernetes-models/batch/v1/CronJob");
  const { PersistentVolumeClaim } = await import("kubernetes-models/v1/PersistentVolumeClaim");
  const cronJob = new CronJob(docs[0] as never);
  expect(() => cronJob.validate()).not.toThrow();
  expect(() => new PersistentVolumeClaim(docs[1] as never).validate()).not.toThrow();
  const pod = cronJob.spec!.jobTemplate.spec!.template.spec!;
  expect(pod.containers[0]!.command).toEqual(["sh", "/scripts/pg-backup.sh"]);
  expect(pod.volumes).toEqual(
    expect.arrayContaining([
      { name: "scripts", configMap: { name: "catalog-backup-scripts", defaultMode: 0o555 } },
      { name: "backups", persistentVolumeClaim: { claimName: "catalog-backups" } },
    ]),
  );
});
