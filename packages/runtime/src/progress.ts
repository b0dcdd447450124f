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

  /** The figures at `now` with `done` finished (secondsLeft undefined while the rate is 0). */
  figures(done: number, now: number): ProgressFigures {
    const seconds = Math.max(0.001, (now - this.started) / 1000);
    const perSecond = done / seconds;
    const left = Math.max(0, this.total - done);
    return {
      done,
      total: this.total,
      percent: this.total > 0 ? Math.min(100, Math.floor((100 * done) / this.total)) : 100,
      perSecond: Math.round(perSecond),
      secondsLeft: left === 0 ? 0 : perSecond > 0 ? Math.ceil(left / perSecond) : undefined,
    };
  }

  /** `<what>: 1,200/4,000 (30%), 150/s, about 19 s left` at `now` with `done` finished. */
  line(done: number, now: number): string {
    const f = this.figures(done, now);
    const eta =
      f.secondsLeft === 0
        ? "done"
        : f.secondsLeft !== undefined
          ? `about ${formatSeconds(f.secondsLeft)} left`
          : "time left unknown";
    return `${this.what}: ${count(done)}/${count(this.total)} (${f.percent}%), ${count(f.perSecond)}/s, ${eta}`;
  }
}

export type ProgressFigures = {
  done: number;
  total: number;
  percent: number;
  perSecond: number;
  secondsLeft: number | undefined;
};

/**
 * Progress of a service's long work in its log: a line with the figures at most every
 * `everyMs` and one at the end (done reaching total). The total is the first report's.
 */
export function loggedProgress(
  log: { info: (fields: object, message: string) => void },
  what: string,
  options: { everyMs?: number; clock?: () => number } = {},
): (done: number, total: number) => void {
  const clock = options.clock ?? Date.now;
  const started = clock();
  let progress: Progress | undefined;
  let logged = started;
  return (done, total) => {
    progress ??= new Progress(what, total, started);
    const now = clock();
    if (done < total && now - logged < (options.everyMs ?? 10_000)) return;
    logged = now;
    log.info(progress.figures(done, now), progress.line(done, now));
  };
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
