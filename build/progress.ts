/**
 * Progress of a long build phase on a terminal: one status line, rewritten in place with `\r`,
 * with how many are done, how fast and about how long is left. A log file or a CI console would
 * keep every rewrite as a line of its own, so the line is drawn only on an interactive terminal
 * and never in CI, nor with `--quiet`.
 */

/** What the status line is written to: a terminal stream, or a stand-in for one in tests. */
export interface StatusStream {
  /** True only for an interactive terminal (Node sets it on process.stdout). */
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  /** `done` of `total` finished; draws the line at most every `intervalMs`, and always at the end. */
  update(done: number, total: number): void;
  /** Removes the line, so the next line printed starts on a clean one. */
  clear(): void;
}

export interface ProgressOptions {
  /** Names what is counted, at the start of the line. */
  label: string;
  /** Plural noun of the things counted. */
  unit: string;
  env?: Record<string, string | undefined>;
  /** `--quiet`: no line at all. */
  quiet?: boolean;
  /** Milliseconds between two drawings of the line. */
  intervalMs?: number;
  /** The clock, in milliseconds; performance.now by default. */
  now?: () => number;
}

const SILENT: Progress = { update: () => {}, clear: () => {} };

/**
 * CI services set `CI` (GitHub Actions, GitLab CI, Travis, …), and a console that only records
 * output may still claim to be a terminal; `CI=false` is the conventional way to say "not CI" (the
 * ci-info package reads it so).
 */
export function inCi(env: Record<string, string | undefined>): boolean {
  return env.CI !== undefined && env.CI !== '' && env.CI.toLowerCase() !== 'false';
}

/** A progress line on `stream`, or one that draws nothing: when quiet, in CI, or when the stream is not a terminal. */
export function progressLine(stream: StatusStream, options: ProgressOptions): Progress {
  if (options.quiet || stream.isTTY !== true || inCi(options.env ?? process.env)) return SILENT;
  const now = options.now ?? (() => performance.now());
  const interval = options.intervalMs ?? 100;
  let first: { at: number; done: number } | undefined;
  let drawnAt = -Infinity;
  let width = 0;
  const draw = (text: string) => {
    // Spaces over whatever the previous, longer line left.
    stream.write(`\r${text}${' '.repeat(Math.max(0, width - text.length))}`);
    width = text.length;
  };
  return {
    update(done, total) {
      const at = now();
      first ??= { at, done };
      if (done < total && at - drawnAt < interval) return;
      drawnAt = at;
      draw(statusText(options.label, options.unit, done, total, first, at));
    },
    clear() {
      if (width === 0) return;
      stream.write(`\r${' '.repeat(width)}\r`);
      width = 0;
    },
  };
}

/** `emit pages            1,234 of 5,000 pages (24%)  412 pages/s  about 9 s left` */
export function statusText(label: string, unit: string, done: number, total: number, first: { at: number; done: number }, at: number): string {
  const count = `${done.toLocaleString('en')} of ${total.toLocaleString('en')} ${unit} (${total > 0 ? Math.floor((done / total) * 100) : 100}%)`;
  const seconds = (at - first.at) / 1000;
  // The rate is measured from the first report on, so it needs two reports some time apart.
  if (seconds <= 0 || done <= first.done) return `${label.padEnd(20)} ${count}`;
  const rate = (done - first.done) / seconds;
  const left = done >= total ? 'done' : `about ${duration((total - done) / rate)} left`;
  return `${label.padEnd(20)} ${count}  ${formatRate(rate)} ${unit}/s  ${left}`;
}

function formatRate(rate: number): string {
  return rate >= 100 ? Math.round(rate).toLocaleString('en') : rate.toFixed(1);
}

/** Whole seconds under two minutes, then minutes and seconds: `9 s`, `3 min 05 s`. */
export function duration(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 120) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}
