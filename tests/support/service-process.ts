import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Harness } from "@catalog/testing";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Built services (services/<name>/dist/main.js) as their own processes on a harness, in test
 * mode (loopback targets allowed), with short worker locks so a killed worker's job moves on.
 * Not shorter than 5 s: on a loaded machine a process's event loop can stall past a 1 s lock
 * before it renews it, and another worker then runs the same job a second time.
 */
export class ServiceProcesses {
  private readonly children: ChildProcess[] = [];

  start(h: Harness, service: string, env: Record<string, string> = {}): ChildProcess {
    const child = spawn(process.execPath, [path.join(root, "services", service, "dist", "main.js")], {
      env: {
        ...process.env,
        ...h.env,
        NODE_ENV: "test",
        URL_POLICY_TEST_MODE: "true",
        WORKER_LOCK_MS: "5000",
        PROBE_TIMEOUT_MS: "10000",
        ...env,
      },
      stdio: "ignore",
    });
    this.children.push(child);
    return child;
  }

  /** Kills whatever is still running (after a failed test). */
  killAll(): void {
    for (const child of this.children) if (child.exitCode === null) child.kill("SIGKILL");
  }
}

/** The exit code of a process, once it has exited. */
export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", resolve),
  );

/** Polls `condition` until it holds; a condition that throws counts as not yet. */
export async function until(
  what: string,
  condition: () => Promise<boolean> | boolean,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (
    !(await Promise.resolve()
      .then(condition)
      .catch(() => false))
  ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
