/**
 * One commit builds to the same bytes whenever it is built: `generated_at` is the time of the
 * newest content change (or SOURCE_DATE_EPOCH), never the clock, so a deploy of an unchanged
 * catalogue keeps catalog.json, its ETag and every page that shows the date.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { build, PROJECT_ROOT } from '../build/index.ts';
import { buildTime } from '../build/stamp.ts';

const work = mkdtempSync(join(tmpdir(), 'reproducible-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

const FIXTURE = join(import.meta.dirname, 'fixtures/content-small');
// A fixed commit, so x-build-version cannot differ because the work tree changed between builds.
const ENV = { COMMIT_REF: 'abc1234' };
let runs = 0;

/** Builds from scratch (no cache) into a new folder while the clock reads `now`. */
async function buildAt(now: string, contentDir: string, env: Record<string, string> = ENV): Promise<string> {
  const outDir = join(work, `dist-${++runs}`);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  try {
    await build({ contentDir, outDir, cacheDir: null, constantsFile: null, env });
  } finally {
    vi.useRealTimers();
  }
  return outDir;
}

function filesOf(dir: string): Map<string, Buffer> {
  return new Map(fg.sync('**/*', { cwd: dir, dot: true }).sort().map((file) => [file, readFileSync(join(dir, file))]));
}

const generatedAt = (dist: string) => (JSON.parse(readFileSync(join(dist, 'catalog.json'), 'utf8')) as { generated_at: string }).generated_at;

function copyOfFixture(name: string): string {
  const dir = join(work, name);
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

/** Every file of the folder modified at `when`, so only what a test changes is newer. */
function dateEveryFile(dir: string, when: string): void {
  for (const file of fg.sync('**/*', { cwd: dir, absolute: true })) utimesSync(file, new Date(when), new Date(when));
}

describe('building one commit twice', () => {
  it('gives byte-identical output for the sample content at two different wall-clock moments', async () => {
    const contentDir = join(PROJECT_ROOT, 'content');
    const first = filesOf(await buildAt('2031-03-04T05:06:07Z', contentDir));
    const second = filesOf(await buildAt('2033-11-12T13:14:15Z', contentDir));
    expect([...second.keys()]).toEqual([...first.keys()]);
    for (const [file, bytes] of first) expect(second.get(file)!.equals(bytes), file).toBe(true);
  });

  it('takes neither moment as generated_at', async () => {
    const dist = await buildAt('2035-01-01T00:00:00Z', copyOfFixture('clockless'));
    expect(generatedAt(dist)).not.toMatch(/^2035-/);
  });
});

describe('generated_at without git', () => {
  it('is the newest modification time among the content files', async () => {
    const content = copyOfFixture('no-git');
    dateEveryFile(content, '2024-02-03T04:05:06Z');
    expect(generatedAt(await buildAt('2030-01-01T00:00:00Z', content))).toBe('2024-02-03T04:05:06Z');
    utimesSync(join(content, 'skills/beta.md'), new Date('2025-06-07T08:09:10.999Z'), new Date('2025-06-07T08:09:10.999Z'));
    expect(generatedAt(await buildAt('2030-01-01T00:00:00Z', content))).toBe('2025-06-07T08:09:10Z');
  });

  it('is not moved by a file the build does not read', async () => {
    const content = copyOfFixture('no-git-notes');
    dateEveryFile(content, '2024-02-03T04:05:06Z');
    writeFileSync(join(content, 'notes.txt'), 'not content\n');
    utimesSync(join(content, 'notes.txt'), new Date('2029-01-01T00:00:00Z'), new Date('2029-01-01T00:00:00Z'));
    expect(generatedAt(await buildAt('2030-01-01T00:00:00Z', content))).toBe('2024-02-03T04:05:06Z');
  });
});

describe('generated_at from git', () => {
  const repo = join(work, 'repo');
  const content = join(repo, 'content');
  const git = (date: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Editor', '-c', 'user.email=editor@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
      cwd: repo,
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      stdio: 'ignore',
    });

  it('is the date of the newest commit that touched the content, in UTC', async () => {
    cpSync(FIXTURE, content, { recursive: true });
    writeFileSync(join(repo, 'README'), 'not content\n');
    git('2026-01-02T03:04:05+02:00', 'init', '--quiet');
    git('2026-01-02T03:04:05+02:00', 'add', '.');
    git('2026-01-02T03:04:05+02:00', 'commit', '--quiet', '-m', 'content');
    // Files the checkout wrote just now must not count: the commit dates them.
    dateEveryFile(content, '2029-09-09T09:09:09Z');
    expect(generatedAt(await buildAt('2031-01-01T00:00:00Z', content))).toBe('2026-01-02T01:04:05Z');
  });

  it('ignores commits that touch nothing in the content folder', async () => {
    writeFileSync(join(repo, 'README'), 'still not content\n');
    git('2026-05-05T05:05:05Z', 'commit', '--quiet', '-am', 'readme');
    expect(generatedAt(await buildAt('2031-01-01T00:00:00Z', content))).toBe('2026-01-02T01:04:05Z');
  });

  it('counts a deletion by the commit that made it', async () => {
    git('2026-07-07T07:07:07Z', 'rm', '--quiet', 'content/bundles/lonely.md');
    git('2026-07-07T07:07:07Z', 'commit', '--quiet', '-m', 'drop lonely');
    expect(generatedAt(await buildAt('2031-01-01T00:00:00Z', content))).toBe('2026-07-07T07:07:07Z');
  });

  it('counts an edit not yet committed by its modification time', async () => {
    const file = join(content, 'skills/beta.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nOne more line.\n`);
    utimesSync(file, new Date('2027-08-08T08:08:08Z'), new Date('2027-08-08T08:08:08Z'));
    expect(generatedAt(await buildAt('2031-01-01T00:00:00Z', content))).toBe('2027-08-08T08:08:08Z');
  });

  it('counts a deletion not yet committed by its folder’s modification time', async () => {
    git('2027-08-08T08:08:08Z', 'commit', '--quiet', '-am', 'beta');
    unlinkSync(join(content, 'skills/gamma.md'));
    utimesSync(join(content, 'skills'), new Date('2028-01-01T00:00:00Z'), new Date('2028-01-01T00:00:00Z'));
    expect(buildTime(content, {}, [])).toBe('2028-01-01T00:00:00Z');
  });
});

describe('SOURCE_DATE_EPOCH', () => {
  it('overrides the content’s date', async () => {
    const dist = await buildAt('2031-01-01T00:00:00Z', copyOfFixture('epoch'), { ...ENV, SOURCE_DATE_EPOCH: '1767225600' });
    expect(generatedAt(dist)).toBe('2026-01-01T00:00:00Z');
  });

  it('refuses a value that is not a whole number of seconds, naming the variable', () => {
    for (const value of ['yesterday', '1.5', '-1', '1e9', '99999999999999999999']) {
      expect(() => buildTime(FIXTURE, { SOURCE_DATE_EPOCH: value }, []), value).toThrow(/SOURCE_DATE_EPOCH: expected a whole number of seconds/);
    }
  });

  it('stops `npm run build` with the message alone (no stack), exit code 2, and nothing written', () => {
    const outDir = join(work, 'refused');
    const run = () => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--content', FIXTURE, '--out', outDir, '--no-cache'], {
      cwd: PROJECT_ROOT, env: { ...process.env, SOURCE_DATE_EPOCH: 'yesterday' }, encoding: 'utf8', stdio: 'pipe',
    });
    let failure: { status: number; stderr: string } | undefined;
    try {
      run();
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(2);
    expect(failure?.stderr).toMatch(/^SOURCE_DATE_EPOCH: expected a whole number of seconds since 1970-01-01T00:00:00Z, got "yesterday"\nNothing was written/);
    expect(failure?.stderr).not.toMatch(/\n\s+at /);
    expect(fg.sync('**', { cwd: work }).filter((file) => file.startsWith('refused'))).toEqual([]);
  });
});
