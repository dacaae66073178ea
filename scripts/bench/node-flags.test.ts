import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildEnvironmentOf, nodeFlagsOf } from './node-flags.ts';

describe('nodeFlagsOf', () => {
  it("takes Node's flags before the script, and nothing of another command", () => {
    expect(nodeFlagsOf('node --max-semi-space-size=8 --trace-gc scripts/bundled.mjs scripts/build.ts --quiet')).toEqual(['--max-semi-space-size=8', '--trace-gc']);
    expect(nodeFlagsOf('node scripts/bundled.mjs scripts/build.ts')).toEqual([]);
    expect(nodeFlagsOf('tsx scripts/dev.ts --max')).toEqual([]);
  });

  it("finds the heap settings `npm run build` gives the build, and the collection it allows (build/run/index.ts): what the bench's builds start with", () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(nodeFlagsOf(scripts.build)).toEqual([expect.stringMatching(/^--min-semi-space-size=\d+$/), expect.stringMatching(/^--max-semi-space-size=\d+$/), expect.stringMatching(/^--heap-growing-percent=\d+$/), '--expose-gc']);
  });

  it("reads the build's environment from netlify.toml, each value as the text Netlify sets", () => {
    expect(buildEnvironmentOf('[build]\ncommand = "npm run build"\n[build.environment]\n  A = "1"\n  B = 2\n[functions]\nC = "3"\n')).toEqual({ A: '1', B: '2' });
    expect(buildEnvironmentOf('[build]\ncommand = "x"\n')).toEqual({});
  });

  it("finds the allocator's setting the build runs with on Netlify: what the bench's builds run with", () => {
    const toml = readFileSync(new URL('../../netlify.toml', import.meta.url), 'utf8');
    expect(buildEnvironmentOf(toml)).toMatchObject({ MALLOC_MMAP_THRESHOLD_: expect.stringMatching(/^\d+$/) });
  });
});
