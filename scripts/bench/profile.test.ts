/** The bench's profile summaries: self time by package and by function, over every thread's file. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { profileByFunction, profileByPackage } from './profile.ts';

const root = '/project';
const dir = mkdtempSync(join(tmpdir(), 'profiles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const frame = (id: number, functionName: string, url: string, lineNumber = 0) => ({ id, callFrame: { functionName, url, lineNumber, columnNumber: 0 } });

/** Two threads' profiles: the main thread's and a worker's, each sample with its time in µs. */
writeFileSync(join(dir, 'main.cpuprofile'), JSON.stringify({
  nodes: [
    frame(1, 'walk', pathToFileURL(`${root}/build/write.ts`).href, 41),
    frame(2, 'lstatSync', 'node:fs'),
    frame(3, '(garbage collector)', ''),
    frame(4, '(idle)', ''),
  ],
  samples: [1, 2, 2, 3, 4],
  timeDeltas: [3_000, 1_000, 1_000, 500, 9_000],
}));
writeFileSync(join(dir, 'worker.cpuprofile'), JSON.stringify({
  nodes: [frame(1, 'go', `${root}/node_modules/micromark/lib/create-tokenizer.js`, 9), frame(2, 'walk', `${root}/build/write.ts`, 41)],
  samples: [1, 2],
  timeDeltas: [3_500, 1_000],
}));

describe('profile summaries', () => {
  it('sum self time by package over every thread, largest first, idle left out', () => {
    expect(profileByPackage(dir, root)).toEqual([
      { name: '(project) build', selfMs: 4 },
      { name: 'micromark', selfMs: 3.5 },
      { name: 'node', selfMs: 2 },
      { name: '(garbage collector)', selfMs: 0.5 },
    ]);
  });

  it('sum self time by function, a project function by its file and line', () => {
    expect(profileByFunction(dir, root)).toEqual([
      { name: 'walk in build/write.ts:42', selfMs: 4 },
      { name: 'go in micromark', selfMs: 3.5 },
      { name: 'lstatSync in node', selfMs: 2 },
      { name: '(garbage collector)', selfMs: 0.5 },
    ]);
  });
});
