import { describe, expect, it } from 'vitest';
import { duration, inCi, progressLine } from './progress.ts';
import type { StatusStream } from './progress.ts';

/** A stream that says it is a terminal (or not) and keeps what is written to it. */
function fakeStream(isTTY: boolean | undefined): StatusStream & { written: string[] } {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

/** A clock the test moves by hand. */
function fakeClock() {
  let time = 1_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

const OPTIONS = { label: 'emit pages', unit: 'pages', env: {} };

describe('the progress line', () => {
  it('draws count, rate and time left on a terminal, rewriting one line with \\r', () => {
    const stream = fakeStream(true);
    const clock = fakeClock();
    const progress = progressLine(stream, { ...OPTIONS, now: clock.now });
    progress.update(1, 1_000);
    clock.advance(2_000);
    progress.update(201, 1_000);
    expect(stream.written).toHaveLength(2);
    for (const line of stream.written) {
      expect(line.startsWith('\r')).toBe(true);
      expect(line).not.toContain('\n');
    }
    expect(stream.written[0]).toMatch(/^\remit pages +1 of 1,000 pages \(0%\)\s*$/);
    // 200 pages in 2 s: 100 a second, 799 left.
    expect(stream.written[1]).toMatch(/^\remit pages +201 of 1,000 pages \(20%\)  100 pages\/s  about 8 s left\s*$/);
  });

  it('draws at most once per interval, and always the last count', () => {
    const stream = fakeStream(true);
    const clock = fakeClock();
    const progress = progressLine(stream, { ...OPTIONS, now: clock.now, intervalMs: 100 });
    for (let done = 1; done <= 50; done++) {
      progress.update(done, 50);
      clock.advance(10);
    }
    // Drawn at 1, then every tenth update (100 ms apart), and at 50 of 50.
    expect(stream.written.map((line) => /(\d+) of 50/.exec(line)?.[1])).toEqual(['1', '11', '21', '31', '41', '50']);
    // 49 pages in 490 ms.
    expect(stream.written.at(-1)).toMatch(/50 of 50 pages \(100%\)  100 pages\/s  done\s*$/);
  });

  it('covers a longer line with spaces, and clear leaves an empty line', () => {
    const stream = fakeStream(true);
    const clock = fakeClock();
    const progress = progressLine(stream, { ...OPTIONS, now: clock.now, intervalMs: 0 });
    progress.update(1, 10);
    clock.advance(1_000);
    progress.update(2, 10);
    clock.advance(100_000);
    progress.update(3, 10);
    const [, longer, shorter] = stream.written;
    expect(shorter.length).toBeGreaterThanOrEqual(longer.length);
    progress.clear();
    expect(stream.written.at(-1)).toBe(`\r${' '.repeat(shorter.trimEnd().length - 1)}\r`);
    progress.clear();
    expect(stream.written).toHaveLength(4);
  });

  it.each([
    ['stdout is not a terminal', fakeStream(false), {}],
    ['stdout says nothing of being a terminal', fakeStream(undefined), {}],
    ['CI=true', fakeStream(true), { env: { CI: 'true' } }],
    ['CI=1', fakeStream(true), { env: { CI: '1' } }],
    ['--quiet', fakeStream(true), { quiet: true }],
  ])('writes nothing when %s', (_, stream, options) => {
    const clock = fakeClock();
    const progress = progressLine(stream, { ...OPTIONS, now: clock.now, ...options });
    for (let done = 1; done <= 10; done++) {
      progress.update(done, 10);
      clock.advance(500);
    }
    progress.clear();
    expect(stream.written).toEqual([]);
  });

  it('reads CI=false and an empty CI as not CI', () => {
    expect(inCi({ CI: 'false' })).toBe(false);
    expect(inCi({ CI: '' })).toBe(false);
    expect(inCi({})).toBe(false);
    expect(inCi({ CI: 'true' })).toBe(true);
  });

  it('says time left in seconds, then minutes', () => {
    expect(duration(8.2)).toBe('9 s');
    expect(duration(119)).toBe('119 s');
    expect(duration(185)).toBe('3 min 05 s');
  });
});
