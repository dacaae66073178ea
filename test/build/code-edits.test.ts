/**
 * What a code edit costs the next build, on a copy of the project: request-time code (the payment
 * check) is not part of any page, so editing it renders nothing (the last folder is kept whole, as
 * the build's sources and the code it is made with are unchanged); editing the page layout
 * re-renders every page but parses no Markdown (bodies come from the cache); editing the body
 * renderer parses every body again. Each build is the real `npm run build` (Node on the bundled
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
  rendered: number;
  fromCache: number;
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

/** The page report of a build of the copy. */
function buildCopy(): PageCounts {
  const log = buildLog();
  const report = /(\d+) page jobs: (\d+) from the cache, (\d+) rendered.*\((\d+) Markdown bodies in \d+ ms of CPU(?:, (\d+) rendered bodies from the cache)?\)/.exec(log);
  if (!report) throw new Error(`no page report in the build log:\n${log}`);
  return { fromCache: Number(report[2]), rendered: Number(report[3]), parsed: Number(report[4]), bodiesFromCache: Number(report[5] ?? 0) };
}

describe('a code edit', () => {
  let first: PageCounts;
  beforeAll(() => {
    first = buildCopy();
  });

  it('to the payment check renders nothing: the last folder is kept whole', () => {
    expect(first.rendered).toBeGreaterThan(0);
    expect(first.parsed).toBeGreaterThan(0);
    appendFileSync(join(root, 'runtime/payment/check.ts'), '\n// an edit\n');
    const log = buildLog();
    expect(log).toMatch(/^sources .* its folder is kept whole$/m);
    expect(log).not.toMatch(/page jobs|Markdown bodies/);
  });

  it('to the page layout re-renders every page, and parses no Markdown: every body comes from the cache', () => {
    appendFileSync(join(root, 'site/html/layout.ts'), '\n// an edit\n');
    // Every use of a body: those parsed in the first build, and those it took from the cache already
    // (a body the catalogue's own pages show as well as its own page).
    expect(buildCopy()).toEqual({ rendered: first.rendered, fromCache: 0, parsed: 0, bodiesFromCache: first.parsed + first.bodiesFromCache });
  });

  it('to the body renderer parses every body again', () => {
    appendFileSync(join(root, 'site/render/body-policy.ts'), '\n// an edit\n');
    expect(buildCopy()).toEqual({ rendered: first.rendered, fromCache: 0, parsed: first.parsed, bodiesFromCache: first.bodiesFromCache });
  });

  it("to the build's own code reaches the very next build through its bundle", () => {
    const script = join(root, 'scripts/build.ts');
    const source = readFileSync(script, 'utf8');
    expect(source).toContain('console.log(`Built ');
    writeFileSync(script, source.replace('console.log(`Built ', 'console.log(`Built, as edited, '));
    expect(buildLog()).toMatch(/^Built, as edited, \d+ files/m);
  });
});
