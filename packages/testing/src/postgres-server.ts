import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Where initdb and pg_ctl live: PG_BIN, `pg_config --bindir`, or Debian's versioned directory. */
export function postgresBinaries(): string {
  const candidates = [process.env.PG_BIN];
  try {
    candidates.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim());
  } catch {
    // no pg_config
  }
  candidates.push("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/17/bin");
  const found = candidates.find((dir) => dir && existsSync(path.join(dir, "initdb")));
  if (!found) throw new Error("initdb not found: set PG_BIN to PostgreSQL's bin directory");
  return found;
}

/** Runs one of PostgreSQL's programs; as the postgres user when this runs as root (initdb and postgres refuse root). */
export function asPostgres(binary: string, args: string[], timeoutMs = 180_000): void {
  const file = path.join(postgresBinaries(), binary);
  const [cmd, argv] =
    process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  execFileSync(cmd, argv, { stdio: ["ignore", "ignore", "pipe"], timeout: timeoutMs });
}

/** Gives a directory to the postgres user when this runs as root. */
export function ownedByPostgres(dir: string): void {
  if (process.getuid?.() !== 0) return;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  execFileSync("chown", [`${id("-u")}:${id("-g")}`, dir]);
}

/** Whether a server accepts connections on the port now. */
function accepting(port: number): boolean {
  try {
    execFileSync(path.join(postgresBinaries(), "pg_isready"), ["-q", "-h", "127.0.0.1", "-p", String(port)], {
      timeout: 10_000,
    });
    return true;
  } catch {
    return false;
  }
}

const TEST_SERVER_DIR = existsSync("/dev/shm")
  ? "/dev/shm/catalog-test-postgres"
  : path.join(os.tmpdir(), "catalog-test-postgres");
const TEST_SERVER_PORT = 55432;

/**
 * The tests' own PostgreSQL server: a cluster in memory (/dev/shm) on a fixed port, with
 * durability off (fsync, synchronous_commit, full_page_writes). On the machine's server each
 * test database costs seconds (DROP DATABASE waits for a checkpoint, every commit for a flush to
 * disk); here a copy and a drop take tens of milliseconds. It stays up after a run, so the next
 * run finds its template databases; after a reboot the next run starts it again. Throwaway test
 * data only: nothing else may ever run with these settings. TEST_PG_DIR and TEST_PG_PORT move it.
 */
export async function startTestPostgres(): Promise<string> {
  const dir = process.env.TEST_PG_DIR ?? TEST_SERVER_DIR;
  const port = Number(process.env.TEST_PG_PORT ?? TEST_SERVER_PORT);
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  if (accepting(port)) return url;
  await withLock(`${dir}.lock`, async () => {
    if (accepting(port)) return;
    const data = path.join(dir, "data");
    if (!existsSync(path.join(data, "PG_VERSION"))) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      ownedByPostgres(dir);
      asPostgres("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
    }
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      "-c max_connections=300",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    asPostgres("pg_ctl", [
      "-D",
      data,
      "-o",
      options,
      "-l",
      path.join(dir, "postgres.log"),
      "-w",
      "-t",
      "120",
      "start",
    ]);
  });
  return url;
}

/** Runs `task` holding a lock directory (two test runs may start at once); a lock older than 5 minutes is stale. */
async function withLock(lock: string, task: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`${lock} held for over 5 minutes`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    await task();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
