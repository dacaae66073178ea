/**
 * What a code edit costs the next build, on a copy of the project: request-time code (the payment
 * check) is imported by no task's code, so editing it makes nothing (every task's key is as it
 * was); editing the page layout makes every page again but parses no Markdown (bodies come from
 * the cache); editing the body renderer parses every body again. Each build is the real `npm run build` (Node on the bundled
 * entry, scripts/bundled.mjs) in a child process, with the cache kept, so every edit also proves
 * that a source edit reaches the next build.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_ENV } from '../helpers/build-process.ts';
import { copyTree } from '../helpers/tree-copy.ts';


let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'code-edits-'));
  copyTree(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface PageCounts {
  /** Pages made, and of how many. */
  made: number;
  pages: number;
  /** Markdown bodies parsed, and taken rendered from the cache. */
  parsed: number;
  bodiesFromCache: number;
}

/** Builds the copy as `npm run build` does, into its own folder with its own cache; the log. */
function buildLog(): string {
  return execFileSync(process.execPath, ['scripts/bundled.mjs', 'scripts/build.ts', '--out', 'out', '--cache', 'cache'], {
    cwd: root,
    env: { ...process.env, ...BUILD_ENV, CI: 'true' },
    encoding: 'utf8',
  });
}

/** What a build of the copy made, from its log. */
function buildCopy(): PageCounts {
  const log = buildLog();
  const report = /^make .*\((\d+) of (\d+) pages on .*; (\d+) Markdown bodies parsed in \d+ ms of CPU, (\d+) from the cache$/m.exec(log);
  if (!report) throw new Error(`no line of what was made in the build log:\n${log}`);
  return { made: Number(report[1]), pages: Number(report[2]), parsed: Number(report[3]), bodiesFromCache: Number(report[4]) };
}

describe('a code edit', () => {
  let first: PageCounts;
  beforeAll(() => {
    first = buildCopy();
  });

  it('to the payment check makes nothing', () => {
    expect(first.made).toBe(first.pages);
    expect(first.parsed).toBeGreaterThan(0);
    appendFileSync(join(root, 'runtime/payment/check.ts'), '\n// an edit\n');
    expect(buildCopy()).toEqual({ made: 0, pages: first.pages, parsed: 0, bodiesFromCache: 0 });
  });

  it('to the page layout makes every page again, and parses no Markdown: every body comes from the cache', () => {
    appendFileSync(join(root, 'site/html/layout.ts'), '\n// an edit\n');
    // Every use of a body: those parsed in the first build, and those it took from the cache already
    // (a body the catalogue's own pages show as well as its own page).
    expect(buildCopy()).toEqual({ made: first.pages, pages: first.pages, parsed: 0, bodiesFromCache: first.parsed + first.bodiesFromCache });
  });

  it('to the body renderer parses every body again', () => {
    appendFileSync(join(root, 'site/render/body-policy.ts'), '\n// an edit\n');
    expect(buildCopy()).toEqual({ made: first.pages, pages: first.pages, parsed: first.parsed, bodiesFromCache: first.bodiesFromCache });
  });

  it("to the build's own code reaches the very next build through its bundle", () => {
    const script = join(root, 'scripts/build.ts');
    const source = readFileSync(script, 'utf8');
    expect(source).toContain('console.log(`Built ');
    writeFileSync(script, source.replace('console.log(`Built ', 'console.log(`Built, as edited, '));
    expect(buildLog()).toMatch(/^Built, as edited, \d+ files/m);
  });
});
