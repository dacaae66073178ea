import { describe, expect, it } from 'vitest';
import { parseDevMeasure } from './dev-timing.ts';

/** What dev/measure.ts prints, as it pads its lines. */
const OUTPUT = [
  '20 saves of content/skills/shape-up.md (a new title each, renamed over it from a new file beside it), sample content:',
  'save → reload event              median  133 ms   worst  141 ms',
  'save → new page fetched          median  138 ms   worst 1155 ms',
  'build (in the warm worker)       median   60 ms   worst   69 ms',
].join('\n');

describe("dev/measure.ts's output", () => {
  it('gives each median, and the worst wait for the page', () => {
    expect(parseDevMeasure(OUTPUT, 'rename', 20)).toEqual({ way: 'rename', saves: 20, toReloadMs: 133, toPageMs: 138, worstToPageMs: 1155, buildMs: 60 });
  });

  it('is an error without one of its lines', () => {
    expect(() => parseDevMeasure(OUTPUT.split('\n').slice(0, 3).join('\n'), 'inplace', 20)).toThrow(/no "build \(in the warm worker\)" line/);
  });
});
