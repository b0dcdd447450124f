/**
 * Progress of long work (an import waiting for the catalog, a mirror run, a re-index): done out
 * of total, the rate over the work so far, and the time left at that rate. Pure: the caller
 * passes the clock's readings and decides where the line goes.
 */
export class Progress {
  private readonly started: number;

  constructor(
    private readonly what: string,
    private readonly total: number,
    now: number,
  ) {
    this.started = now;
  }

  /** `<what>: 1,200/4,000 (30%), 150/s, about 19 s left` at `now` with `done` finished. */
  line(done: number, now: number): string {
    const seconds = Math.max(0.001, (now - this.started) / 1000);
    const rate = done / seconds;
    const share = this.total > 0 ? Math.min(100, Math.floor((100 * done) / this.total)) : 100;
    const left = this.total - done;
    const eta =
      left <= 0 ? "done" : rate > 0 ? `about ${formatSeconds(left / rate)} left` : "time left unknown";
    return `${this.what}: ${count(done)}/${count(this.total)} (${share}%), ${count(Math.round(rate))}/s, ${eta}`;
  }
}

const count = (n: number) => n.toLocaleString("en-US");

function formatSeconds(s: number): string {
  if (s < 90) return `${Math.ceil(s)} s`;
  if (s < 5400) return `${Math.ceil(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

/**
 * Where progress lines go: a terminal gets one line rewritten in place (at most every
 * `everyMs`), anything else a plain line per `logEveryMs` (logs stay readable).
 */
export function progressWriter(
  stream: { isTTY?: boolean; write: (s: string) => unknown },
  options: { everyMs?: number; logEveryMs?: number } = {},
): { update: (line: string, now: number) => void; finish: (line: string) => void } {
  const every = stream.isTTY ? (options.everyMs ?? 200) : (options.logEveryMs ?? 10_000);
  let last = -Infinity;
  return {
    update: (line, now) => {
      if (now - last < every) return;
      last = now;
      stream.write(stream.isTTY ? `\r\u001b[K${line}` : `${line}\n`);
    },
    finish: (line) => void stream.write(stream.isTTY ? `\r\u001b[K${line}\n` : `${line}\n`),
  };
}
