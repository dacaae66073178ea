import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeFlagsOf } from './node-flags.ts';

describe('nodeFlagsOf', () => {
  it("takes Node's flags before the script, and nothing of another command", () => {
    expect(nodeFlagsOf('node --max-semi-space-size=8 --trace-gc scripts/bundled.mjs scripts/build.ts --quiet')).toEqual(['--max-semi-space-size=8', '--trace-gc']);
    expect(nodeFlagsOf('node scripts/bundled.mjs scripts/build.ts')).toEqual([]);
    expect(nodeFlagsOf('tsx scripts/dev.ts --max')).toEqual([]);
  });

  it("finds the heap settings `npm run build` gives the build: what the bench's builds start with", () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(nodeFlagsOf(scripts.build)).toEqual([expect.stringMatching(/^--max-semi-space-size=\d+$/), expect.stringMatching(/^--heap-growing-percent=\d+$/)]);
  });
});
