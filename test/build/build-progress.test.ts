/**
 * The build's progress line: the phase that makes the pages reports each page as it is done, in this
 * thread and from workers, and `npm run build` draws it on a terminal only. The terminal is a real
 * pseudo-terminal (util-linux `script`), so "is a TTY" is the operating system's answer.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../build/index.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SMALL = join(ROOT, 'test', 'fixtures', 'content-small');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' };

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'build-progress-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('pages report their progress', () => {
  it.each([
    ['in this thread', { threads: 1 }],
    ['from worker threads', { threads: 2, workerThreshold: 1 }],
  ])('%s: once per page made, counting up to the number to make', async (name, options) => {
    const calls: [number, number][] = [];
    const { report } = await build({
      contentDir: SMALL,
      outDir: join(work, name.replace(/\W+/g, '-')),
      constantsFile: null,
      env: ENV,
      ...options,
      onPageRendered: (done, total) => calls.push([done, total]),
    });
    const total = report.pagesMade;
    expect(total).toBeGreaterThan(0);
    expect(calls).toEqual(Array.from({ length: total }, (_, i) => [i + 1, total]));
  });
});

interface Run {
  code: number;
  output: string;
}

/** `npm run build`'s script on a pseudo-terminal: what the terminal showed. */
function buildOnTerminal(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  const command = [TSX, join(ROOT, 'scripts', 'build.ts'), ...args].map(quote).join(' ');
  return new Promise((done) => {
    execFile('script', ['--quiet', '--return', '--command', command, '/dev/null'], { cwd: ROOT, env: { ...process.env, ...env } }, (error, stdout) => {
      done({ code: error ? Number(error.code ?? 1) : 0, output: stdout });
    });
  });
}

/** A carriage return that does not end a line: the terminal's line rewritten in place. */
const REWRITE = /\r(?!\n)/;
const STATUS = /make +\d+ of (\d+) pages \(\d+%\)/;

describe('npm run build on a terminal', () => {
  const args = (name: string) => ['--content', SMALL, '--out', join(work, `terminal-${name}`), '--no-cache', '--threads', '1'];
  const env = { CI: undefined, ...ENV };

  it('draws the status line with \\r, then prints the phase lines over it', async () => {
    const { code, output } = await buildOnTerminal(args('tty'), env);
    expect(code).toBe(0);
    expect(output).toMatch(REWRITE);
    expect(output).toMatch(STATUS);
    // The last count is every page made in this thread, and the phase line follows it.
    expect(output).toMatch(/(\d+) of \1 pages \(100%\)/);
    expect(output).toMatch(/\rmake +\d+ ms +\d+ of \d+ tasks made/);
  });

  it('draws nothing in CI', async () => {
    const { code, output } = await buildOnTerminal(args('ci'), { ...env, CI: 'true' });
    expect(code).toBe(0);
    expect(output).not.toMatch(REWRITE);
    expect(output).not.toMatch(STATUS);
    expect(output).toMatch(/make +\d+ ms/);
  });

  it('draws nothing with --quiet', async () => {
    const { code, output } = await buildOnTerminal([...args('quiet'), '--quiet'], env);
    expect(code).toBe(0);
    expect(output).not.toMatch(REWRITE);
    expect(output).not.toMatch(STATUS);
    expect(output).toMatch(/^Built \d+ files in \d+ ms\.\r\n$/);
  });
});
