/**
 * What a code edit costs the next build, on a copy of the project: request-time code (the payment
 * check) is not part of any page, so editing it re-renders nothing; editing the renderer re-renders
 * every page. Each build is the real `npm run build` in a child process, with the cache kept.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../build/index.ts';
import { BUILD_ENV } from '../helpers/build-process.ts';

/** What never belongs to a copy of the sources. */
const NOT_SOURCE = new Set(['node_modules', 'dist', '.git', '.netlify', 'runtime/generated', 'bench/work', 'test/artifacts']);

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'code-edits-'));
  cpSync(PROJECT_ROOT, root, { recursive: true, filter: (source) => {
    const path = relative(PROJECT_ROOT, source);
    return !NOT_SOURCE.has(path) && !path.startsWith('dist.');
  } });
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Builds the copy into its own folder with its own cache; the page report of the build log. */
function buildCopy(): { rendered: number; fromCache: number } {
  const log = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', 'out', '--cache', 'cache'], {
    cwd: root,
    env: { ...process.env, ...BUILD_ENV, CI: 'true' },
    encoding: 'utf8',
  });
  const report = /(\d+) page jobs: (\d+) from the cache, (\d+) rendered/.exec(log);
  if (!report) throw new Error(`no page report in the build log:\n${log}`);
  return { fromCache: Number(report[2]), rendered: Number(report[3]) };
}

describe('a code edit', () => {
  let first: { rendered: number; fromCache: number };
  beforeAll(() => {
    first = buildCopy();
  });

  it('to the payment check re-renders no page', () => {
    expect(first.rendered).toBeGreaterThan(0);
    appendFileSync(join(root, 'runtime/payment/check.ts'), '\n// an edit\n');
    expect(buildCopy()).toEqual({ rendered: 0, fromCache: first.rendered });
  });

  it('to the renderer re-renders every page', () => {
    appendFileSync(join(root, 'build/emit/html/layout.ts'), '\n// an edit\n');
    expect(buildCopy()).toEqual({ rendered: first.rendered, fromCache: 0 });
  });
});
