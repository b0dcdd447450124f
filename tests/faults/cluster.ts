import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { asPostgres, ownedByPostgres } from "@catalog/testing";

/**
 * A PostgreSQL cluster and a Redis server of the fault tests' own, in a temporary directory on
 * spare ports, so that stopping, killing and restarting them touches nothing else on the
 * machine. PostgreSQL is a fresh `initdb` (run as the postgres user when the tests run as root),
 * stopped in immediate mode (as if it crashed); Redis keeps an append-only file (fsync every
 * second, its default) and is killed with SIGKILL, so a restart replays the file and loses what
 * the last second had not written out.
 */
export class FaultCluster {
  private readonly redis: RedisServer;
  private offInterrupt: () => void = () => undefined;

  private constructor(
    readonly dir: string,
    readonly pgPort: number,
    readonly redisPort: number,
  ) {
    this.redis = new RedisServer(dir, redisPort);
  }

  static async start(): Promise<FaultCluster> {
    const dir = await mkdtemp(path.join(os.tmpdir(), "catalog-faults-"));
    const cluster = new FaultCluster(dir, await sparePort(), await sparePort());
    // A run cut short (Ctrl-C, SIGTERM, a jest timeout) leaves no postgres (a daemon) or redis behind.
    process.once("exit", () => cluster.stopSync());
    cluster.offInterrupt = onInterrupt(() => cluster.stopSync());
    try {
      await chmod(dir, 0o755);
      await cluster.initdb();
      await cluster.startPostgres();
      await cluster.startRedis();
    } catch (err) {
      await cluster.stop();
      throw err;
    }
    return cluster;
  }

  postgresUrl(database = "postgres"): string {
    return `postgresql://postgres@127.0.0.1:${this.pgPort}/${database}`;
  }

  get redisUrl(): string {
    return `redis://127.0.0.1:${this.redisPort}`;
  }

  /** Copies the schema of a database on another server (the migrated test template) into `name`. */
  async createDatabaseFrom(sourceUrl: string, name: string): Promise<string> {
    await this.sql("postgres", `CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    const url = this.postgresUrl(name);
    await new Promise<void>((resolve, reject) => {
      const dump = spawn("pg_dump", ["--no-owner", "--no-privileges", "-d", sourceUrl], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      const restore = spawn("psql", ["-q", "-v", "ON_ERROR_STOP=1", "-d", url], {
        stdio: ["pipe", "ignore", "pipe"],
      });
      let errors = "";
      dump.stderr.on("data", (d: Buffer) => (errors += d.toString()));
      restore.stderr.on("data", (d: Buffer) => (errors += d.toString()));
      dump.stdout.pipe(restore.stdin);
      let dumped: number | null = null;
      dump.on("exit", (code) => (dumped = code));
      restore.on("exit", (code) =>
        code === 0 && dumped === 0 ? resolve() : reject(new Error(`schema copy failed: ${errors}`)),
      );
    });
    return url;
  }

  /** A copy of `template` (a database on this cluster): a second per scenario instead of a restore. */
  async copyDatabase(template: string, name: string): Promise<string> {
    await this.sql(
      "postgres",
      `CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`,
    );
    return this.postgresUrl(name);
  }

  async sql<R extends pg.QueryResultRow = pg.QueryResultRow>(
    database: string,
    text: string,
    values: unknown[] = [],
  ): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.postgresUrl(database) });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  private get dataDir(): string {
    return path.join(this.dir, "pgdata");
  }

  private async initdb(): Promise<void> {
    ownedByPostgres(this.dir);
    asPostgres("initdb", ["-D", this.dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  }

  /** Starts PostgreSQL and waits until it accepts connections. */
  async startPostgres(): Promise<void> {
    const options = [
      `-p ${this.pgPort}`,
      `-k ${this.dir}`,
      "-c listen_addresses=127.0.0.1",
      "-c max_connections=200",
      // The OS keeps what a crashed postgres wrote; only a machine crash would need fsync.
      "-c fsync=off",
      "-c full_page_writes=off",
    ].join(" ");
    asPostgres("pg_ctl", [
      "-D",
      this.dataDir,
      "-o",
      options,
      "-l",
      path.join(this.dir, "postgres.log"),
      "-w",
      "-t",
      "120",
      "start",
    ]);
  }

  /** Stops PostgreSQL the hard way (immediate: no checkpoint, connections cut, crash recovery at start). */
  async stopPostgres(): Promise<void> {
    asPostgres("pg_ctl", ["-D", this.dataDir, "-m", "immediate", "-w", "-t", "60", "stop"]);
  }

  /** Starts Redis (replaying its append-only file) and waits until it answers PING. */
  startRedis(): Promise<void> {
    return this.redis.start();
  }

  /** Kills Redis with SIGKILL (see RedisServer.kill). */
  killRedis(): Promise<void> {
    return this.redis.kill();
  }

  /**
   * Kills Redis and starts it without its append-only file: every key is gone, as after a
   * restart without persistence or a failover to a replica that had nothing.
   */
  async restartRedisEmpty(): Promise<void> {
    await this.redis.kill();
    this.redis.forgetData();
    await this.redis.start();
  }

  async stop(): Promise<void> {
    await this.redis.kill().catch(() => undefined);
    this.stopSync();
    await rm(this.dir, { recursive: true, force: true });
  }

  /** Stops whatever still runs, synchronously (also from a process exit handler). */
  stopSync(): void {
    this.offInterrupt();
    this.redis.killSync();
    if (existsSync(path.join(this.dataDir, "postmaster.pid"))) {
      try {
        asPostgres("pg_ctl", ["-D", this.dataDir, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already down
      }
    }
  }
}

/**
 * A redis-server with an append-only file (fsync every second, Redis's default) in `dir`.
 * Killed with SIGKILL, it loses what it had not yet written to the file (Redis writes the file
 * before it answers, so in practice only a machine crash loses acknowledged writes).
 */
export class RedisServer {
  private child: ChildProcess | undefined;

  constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts Redis (replaying its append-only file) and waits until it answers PING. */
  async start(): Promise<void> {
    const args = [
      ...["--port", String(this.port), "--bind", "127.0.0.1", "--dir", this.dir],
      ...["--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--daemonize", "no"],
      ...["--logfile", path.join(this.dir, `redis-${this.port}.log`)],
    ];
    const child = spawn("redis-server", args, { stdio: "ignore" });
    this.child = child;
    const deadline = Date.now() + 60_000;
    while (!(await redisPing(this.port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error("redis-server did not answer PING within 60 s");
      await sleep(50);
    }
  }

  /** SIGKILL, and waits for the process to be gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  /** Removes the append-only file (Redis 7 keeps it in a directory of its own): the next start is empty. */
  forgetData(): void {
    rmSync(path.join(this.dir, "appendonlydir"), { recursive: true, force: true });
  }

  killSync(): void {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}

const interrupts = new Set<() => void>();

function interrupted(signal: NodeJS.Signals): void {
  for (const fn of interrupts) fn();
  process.exit(signal === "SIGINT" ? 130 : 143);
}

/**
 * Runs `cleanup` if the process is interrupted (SIGINT, SIGTERM), then exits: node runs no
 * `exit` handlers on a signal. Returns a function that forgets it (and, with nothing left to
 * clean up, the signal handlers).
 */
export function onInterrupt(cleanup: () => void): () => void {
  if (interrupts.size === 0)
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, interrupted);
  interrupts.add(cleanup);
  return () => {
    if (interrupts.delete(cleanup) && interrupts.size === 0)
      for (const signal of ["SIGINT", "SIGTERM"] as const) process.off(signal, interrupted);
  };
}

/** A TCP port nothing listens on right now. */
export async function sparePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether a Redis server answers PING with PONG (not LOADING) on the port. */
function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("*1\r\n$4\r\nPING\r\n"));
    socket.on("data", (d: Buffer) => {
      answer += d.toString();
      if (answer.includes("\r\n")) done(answer.startsWith("+PONG"));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
