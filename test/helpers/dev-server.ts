/**
 * The real `npm run dev` (scripts/dev.ts) in a child process on a free loopback port, for tests that
 * edit its content and watch what it serves: what it prints, its event stream as a browser's
 * EventSource receives it, and its `/__dev/status`. Every wait is bounded and fails when it runs
 * out, naming what it waited for and showing the terminal.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { PROJECT_ROOT } from '../../build/index.ts';
import { DEV_PATHS } from '../../dev/live-reload.ts';
import { BUILD_ENV } from './build-process.ts';

/** How long any one wait may take before it fails the test. */
export const WAIT_MS = 60_000;

/** Polls `probe` until it returns a value; fails, naming what it waited for and what it last saw. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, context: () => string = () => ''): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what} after ${WAIT_MS / 1000} s (last: ${String(last)})\n${context()}`);
}

export interface LiveEventSeen {
  event: string;
  data: Record<string, unknown>;
}

/** `/__dev/status`. */
export interface DevStatus {
  build: number;
  started: number;
  building: boolean;
  ok: boolean;
  failure: { kind: string; message: string; problems?: { file: string; line: number }[] } | null;
}

/** The server's events, as a browser's EventSource receives them. */
export class EventLog {
  readonly events: LiveEventSeen[] = [];
  readonly #abort = new AbortController();

  constructor(
    private readonly base: string,
    private readonly wait: DevProcess['waitFor'],
  ) {}

  async open(): Promise<void> {
    const response = await fetch(`${this.base}${DEV_PATHS.events}`, { signal: this.#abort.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event && data) this.events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
        }
      }
    })();
  }

  /** The first event of this kind after the first `after` events. */
  next(event: string, after: number): Promise<LiveEventSeen> {
    return this.wait(`a "${event}" event`, async () => this.events.slice(after).find((one) => one.event === event));
  }

  close(): void {
    this.#abort.abort();
  }
}

export interface DevProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  /** Everything it has printed so far, both streams. */
  terminal: () => string;
  exited: Promise<number | null>;
  events: EventLog;
  /** `waitFor`, with the terminal shown when it fails. */
  waitFor: <T>(what: string, probe: () => Promise<T | undefined>) => Promise<T>;
  status: () => Promise<DevStatus>;
  /** Kills it if it still runs, and waits for it to exit. */
  stop: () => Promise<void>;
}

export interface DevStart {
  /** `npm run dev`'s own options, after `--port 0`. */
  args: readonly string[];
  /** Node's options before the script's, after `--import tsx`. */
  nodeArgs?: readonly string[];
  env?: Record<string, string>;
}

/** Starts `npm run dev` and resolves once it serves, with its event stream open. */
export async function startDev({ args, nodeArgs = [], env = {} }: DevStart): Promise<DevProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'scripts/dev.ts', '--port', '0', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...BUILD_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const terminal = () => printed;
  const waitForHere = <T>(what: string, probe: () => Promise<T | undefined>) => waitFor(what, probe, () => `--- terminal ---\n${printed}`);
  const base = await waitForHere('the server to start', async () => {
    if (child.exitCode !== null) throw new Error(`npm run dev exited ${child.exitCode}`);
    return /^Serving (http:\/\/127\.0\.0\.1:\d+)/m.exec(printed)?.[1];
  });
  const events = new EventLog(base, waitForHere);
  await events.open();
  return {
    child,
    base,
    terminal,
    exited,
    events,
    waitFor: waitForHere,
    status: async () => (await (await fetch(`${base}${DEV_PATHS.status}`)).json()) as DevStatus,
    stop: async () => {
      events.close();
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
