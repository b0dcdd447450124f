import { spawn, type ChildProcess } from "node:child_process";
import { dirname } from "node:path";
import { SANDBOX_PATHS } from "@catalog/introspection";
import {
  ReadBuffer,
  serializeMessage,
  type JSONRPCMessage,
  type Transport,
} from "@modelcontextprotocol/client";

/** What a started package may use. The deadline covers starting and listing together. */
export type SandboxLimits = {
  deadlineMs: number;
  addressSpaceBytes: number;
  openFiles: number;
  cpuSeconds: number;
  /** Processes of the sandbox's uid, all together (RLIMIT_NPROC counts per user). */
  processes: number;
  /** Bytes of standard output and standard error together before the package is stopped. */
  outputBytes: number;
  /** The unprivileged uid and gid it runs as; root would not be held by the process limit. */
  uid: number;
};

export const DEFAULT_SANDBOX_LIMITS: Omit<SandboxLimits, "uid"> = {
  deadlineMs: 60_000,
  // V8 reserves address space for each WebAssembly memory far beyond what it uses: at 2 GB even
  // Node's own fetch (undici's llhttp) failed to start, and 4 of 15 packages with it; at 16 GB a
  // package that fetched on tools/list still failed (2 of 112; docs/introspection.md). 64 GB lets
  // them, bounding runaway native allocation only; Node's heap is bounded by HEAP_MB, and a
  // cgroup's memory.max is the real bound (the production form).
  addressSpaceBytes: 64_000_000_000,
  openFiles: 256,
  cpuSeconds: 30,
  processes: 64,
  outputBytes: 4 * 1024 * 1024,
};

const UID_BASE = 61_000;
const UIDS_PER_PROCESS = 32;

/**
 * The uids sandboxes run as, one per running sandbox: the kernel counts the process limit per uid,
 * so sandboxes sharing one would share it (one's fork loop would starve the other). A process's
 * range starts from its pid, so the workers of one host rarely meet (under gVisor each pod has a
 * kernel of its own anyway).
 */
class UidPool {
  private readonly free: number[];

  constructor(first: number, size: number) {
    this.free = Array.from({ length: size }, (_, i) => first + i);
  }

  /** A uid no sandbox of this process uses; past the pool's size, one shared with another. */
  take(): { uid: number; release: () => void } {
    const uid = this.free.shift() ?? UID_BASE;
    return { uid, release: () => (uid === UID_BASE ? undefined : void this.free.push(uid)) };
  }
}

export const sandboxUids = new UidPool(
  UID_BASE + 1 + (process.pid % 1000) * UIDS_PER_PROCESS,
  UIDS_PER_PROCESS,
);

// The sandbox's paths are top-level (SANDBOX_PATHS): bwrap makes the parents of a mount point it
// creates (as /opt) mode 0700, which the sandbox uid could not pass, and `env node` would then find
// the system Node instead.
const INSIDE = SANDBOX_PATHS;

/** Node's heap in the sandbox (NODE_OPTIONS, so child Node processes inherit it). */
const HEAP_MB = 512;

export type SandboxSpec = {
  /** The installed package, shown read-only at /pkg. */
  packageDir: string;
  /** The package's own writable directory, owned by the sandbox's uid. */
  scratchDir: string;
  /** A Python's prefix, shown read-only at /python (its bin/python3 runs PyPI packages and Python bundles). */
  pythonPrefix?: string;
  /** The command line, in the sandbox's paths. */
  argv: string[];
  env: Record<string, string>;
  limits: SandboxLimits;
};

/**
 * The command line: bubblewrap shows the system directories, Node (and Python) and the package read-only, the
 * scratch directory writable and a fresh /tmp; new pid, network (loopback only, down), IPC and UTS
 * namespaces; a cleared environment holding only the plan's variables; then setpriv drops to the
 * unprivileged uid and prlimit sets the resource limits before the command starts.
 */
function sandboxCommand(spec: SandboxSpec): string[] {
  const { limits } = spec;
  const nodeDir = dirname(dirname(process.execPath));
  const system = ["/usr", "/bin", "/lib", "/lib64", "/etc"].flatMap((dir) => ["--ro-bind-try", dir, dir]);
  const env = Object.entries(spec.env).flatMap(([name, value]) => ["--setenv", name, value]);
  const python = spec.pythonPrefix ? ["--ro-bind", spec.pythonPrefix, INSIDE.pythonPrefix] : [];
  return [
    "bwrap",
    ...system,
    ...["--ro-bind", nodeDir, INSIDE.node, ...python, "--ro-bind", spec.packageDir, INSIDE.pkg],
    ...["--bind", spec.scratchDir, INSIDE.scratch, "--chdir", INSIDE.scratch],
    // /tmp writable by the sandbox uid (bwrap makes a tmpfs root's own), sticky as on any host.
    ...["--dev", "/dev", "--proc", "/proc", "--perms", "01777", "--tmpfs", "/tmp"],
    ...["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"],
    ...["--die-with-parent", "--new-session", "--clearenv"],
    ...["--setenv", "PATH", `${INSIDE.node}/bin:/usr/bin:/bin`, "--setenv", "HOME", INSIDE.scratch, ...env],
    // After the plan's variables: a listing does not lift the heap bound.
    ...["--setenv", "NODE_OPTIONS", `--max-old-space-size=${HEAP_MB}`],
    "--",
    ...["setpriv", `--reuid=${limits.uid}`, `--regid=${limits.uid}`, "--clear-groups", "--"],
    "prlimit",
    `--as=${limits.addressSpaceBytes}`,
    `--nofile=${limits.openFiles}`,
    `--cpu=${limits.cpuSeconds}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.outputBytes}`,
    "--",
    ...spec.argv,
  ];
}

type Ended = { exitCode: number | null; signal: string | null };

/** A started package: its MCP channel, what it printed besides MCP, and how and why it was stopped. */
export type Sandboxed = {
  transport: Transport;
  /** The last lines of standard error, after the last lines of standard output that are not MCP. */
  stderrTail: () => string[];
  ended: Promise<Ended>;
  /** Why it was stopped by us (`deadline`, `output`), null while it runs or when it ended itself. */
  stoppedFor: () => "deadline" | "output" | null;
  stop: (why?: "deadline" | "output") => void;
  running: () => boolean;
};

const TAIL_LINES = 50;

/**
 * Starts the package in the sandbox. The sandbox is its own process group, and bubblewrap's pid
 * namespace ends with it, so killing the group at the deadline leaves none of its processes.
 */
export function startSandboxed(spec: SandboxSpec): Sandboxed {
  const [command, ...args] = sandboxCommand(spec);
  const child = spawn(command as string, args, { stdio: ["pipe", "pipe", "pipe"], detached: true, env: {} });
  let stoppedFor: "deadline" | "output" | null = null;
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = (why?: "deadline" | "output") => {
    if (!running()) return;
    stoppedFor ??= why ?? null;
    if (child.pid) process.kill(-child.pid, "SIGKILL");
  };
  const ended = new Promise<Ended>((resolve) =>
    child.once("close", (exitCode, signal) => resolve({ exitCode, signal })),
  );
  const tail = countOutput(child, spec.limits.outputBytes, () => stop("output"));
  return {
    transport: new ChildTransport(child, stop),
    stderrTail: tail,
    ended,
    stoppedFor: () => stoppedFor,
    stop,
    running,
  };
}

/**
 * Counts both streams against the bound, and keeps the last lines of each that say why it ended:
 * all of standard error, and of standard output the lines that are not MCP (a command-line tool
 * started without its subcommand prints its usage there).
 */
function countOutput(child: ChildProcess, bound: number, overflow: () => void): () => string[] {
  let bytes = 0;
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > bound) overflow();
  };
  const stdout = lineTail((line) => !line.trimStart().startsWith("{"));
  const stderr = lineTail(() => true);
  child.stdout?.on("data", (chunk: Buffer) => {
    count(chunk);
    stdout.add(chunk);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    count(chunk);
    stderr.add(chunk);
  });
  return () => [...stdout.lines(), ...stderr.lines()];
}

/** The last TAIL_LINES lines of a stream that `keep` accepts, each cut to 1,000 characters. */
function lineTail(keep: (line: string) => boolean) {
  let partial = "";
  const kept: string[] = [];
  return {
    add(chunk: Buffer) {
      const parts = (partial + chunk.toString("utf8")).split("\n");
      partial = (parts.pop() ?? "").slice(-1000);
      kept.push(
        ...parts
          .slice(-TAIL_LINES)
          .filter(keep)
          .map((line) => line.slice(0, 1000)),
      );
      kept.splice(0, Math.max(0, kept.length - TAIL_LINES));
    },
    lines: () => (partial && keep(partial) ? [...kept, partial] : [...kept]),
  };
}

/**
 * MCP over the sandboxed child's stdin and stdout, newline-delimited JSON-RPC. Not the SDK's
 * stdio transport: that one spawns its own process, where this one must speak to the child whose
 * output is counted against the bound and whose process group is killed at the deadline.
 */
class ChildTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer({ maxBufferSize: 4 * 1024 * 1024 });

  constructor(
    private readonly child: ChildProcess,
    private readonly stop: () => void,
  ) {}

  async start(): Promise<void> {
    this.child.stdout?.on("data", (chunk: Buffer) => this.read(chunk));
    this.child.once("close", () => this.onclose?.());
    this.child.stdin?.on("error", (error) => this.onerror?.(error));
  }

  private read(chunk: Buffer): void {
    try {
      this.buffer.append(chunk);
      for (let message = this.buffer.readMessage(); message; message = this.buffer.readMessage())
        this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(error as Error);
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.child.stdin?.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.stop();
  }
}
