import type { Logger } from "pino";

export type Stoppable = { stop: () => Promise<void> };

/**
 * Runs a service until SIGTERM or SIGINT, then stops it: stop taking work, finish or return
 * in-flight jobs, close connections. A stop that hangs past the grace period exits anyway, so
 * the process always ends inside the pod's termination grace. Signals are handled from the
 * first moment: one that arrives while the service is still starting stops it once started
 * (workers may already hold jobs by then).
 */
export async function runUntilSignal(
  log: Logger,
  start: () => Promise<Stoppable>,
  graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 25_000),
): Promise<void> {
  let signalled: string | undefined;
  // Registered in the same tick as start() is called: no signal can slip in between.
  const started = start();
  const stop = async (signal: string) => {
    if (signalled) return;
    signalled = signal;
    log.info({ signal }, "stopping");
    const timer = setTimeout(() => {
      log.error({ graceMs }, "stop took too long; exiting");
      process.exit(1);
    }, graceMs);
    timer.unref();
    try {
      await (await started).stop();
      log.info("stopped");
      process.exit(0);
    } catch (err) {
      log.error({ err }, "stop failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("unhandledRejection", (err) => log.error({ err }, "unhandled rejection"));
  try {
    await started;
  } catch (err) {
    log.fatal({ err }, "start failed");
    process.exit(1);
  }
}
