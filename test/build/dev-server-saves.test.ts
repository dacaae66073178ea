/**
 * `npm run dev` follows every save, however it is made: the real command in a child process over a
 * copy of the sample content (a git repository, as the project's content is in one), each save made
 * with the system calls an editor, a tool or git makes, and each followed to the page, the
 * catalogue or `/__dev/status` showing it. What no build reads (editors' scratch files) never starts
 * a build: `/__dev/status` counts the builds started, and the terminal names what started each. A
 * build worker that stops is started again, and says so. Every wait is bounded and fails the test
 * when it runs out.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../build/index.ts';
import { runBuild, sameTree, treeOf } from '../helpers/build-process.ts';
import { startDev } from '../helpers/dev-server.ts';
import type { DevProcess } from '../helpers/dev-server.ts';
import { STOP_WORKER_ENV } from '../helpers/dev-worker-fault.ts';
import { SCRATCH_KINDS } from '../helpers/scratch-files.ts';

const SKILL = 'shape-up';
/** How many skills the git branches differ by, each way: changed, added, removed. */
const CHECKOUT = { changed: 34, added: 33, removed: 33 };

const work = mkdtempSync(join(tmpdir(), 'dev-saves-'));
const repository = join(work, 'site');
const content = join(repository, 'content');
const skills = join(content, 'skills');
const out = join(work, 'out');
const stopWorker = join(work, 'stop-worker');
const skillFile = join(skills, `${SKILL}.md`);
const original = readFileSync(join(PROJECT_ROOT, 'content', 'skills', `${SKILL}.md`), 'utf8');

const titled = (title: string) => original.replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`);
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Editor', '-c', 'user.email=editor@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: repository, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });

/** The generated skills both branches share, and those only `other` has. */
const generated = (n: number) => join(skills, 'generated', `generated-${String(n).padStart(3, '0')}.md`);
const addedOnOther = (n: number) => join(skills, 'generated', `added-${String(n).padStart(3, '0')}.md`);
const SHARED = CHECKOUT.changed + CHECKOUT.removed;

/** The ways an editor saves a file, each with the system calls it makes. */
const SAVES = {
  'written in place': (file: string, text: string) => writeFileSync(file, text),
  // sed -i, vim, JetBrains' safe write: a new file beside it, renamed over it.
  'renamed over it': (file: string, text: string) => {
    const temporary = join(dirname(file), 'sedK2mXq1');
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  },
  'deleted and written again': (file: string, text: string) => {
    unlinkSync(file);
    writeFileSync(file, text);
  },
} as const;
type Save = keyof typeof SAVES;

let dev: DevProcess;

const fetchText = async (path: string) => {
  const response = await fetch(`${dev.base}${path}`);
  return { status: response.status, text: await response.text() };
};

/** Waits for the page at `path` to answer 200 with `text` in it. */
const pageShows = (path: string, text: string) =>
  dev.waitFor(`${path} to show "${text}"`, async () => {
    const page = await fetchText(path);
    return page.status === 200 && page.text.includes(text) ? page.text : undefined;
  });

/** Waits for the page at `path` to be gone (404). */
const pageGone = (path: string) => dev.waitFor(`${path} to be gone`, async () => ((await fetchText(path)).status === 404 ? true : undefined));

/** Waits until no build runs, and gives the status then. */
const settled = () => dev.waitFor('no build to be running', async () => {
  const status = await dev.status();
  return status.building ? undefined : status;
});

/** What each build's line in the terminal names, from the terminal's `from`th character on, once
 * there is one: the terminal reaches the test a little after the status does. */
const buildLines = (from: number) =>
  dev.waitFor('a build\'s line in the terminal', async () => {
    const lines = [...dev.terminal().slice(from).matchAll(/^(.*): (?:built in|build failed in) \d+ ms/gm)].map((match) => match[1]);
    return lines.length > 0 ? lines : undefined;
  });

beforeAll(async () => {
  cpSync(join(PROJECT_ROOT, 'content'), content, { recursive: true });
  mkdirSync(join(skills, 'generated'));
  for (let n = 1; n <= SHARED; n += 1) writeFileSync(generated(n), titled(`Generated ${n}`));
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'The sample and its generated skills');
  git('checkout', '-q', '-b', 'other');
  for (let n = 1; n <= CHECKOUT.changed; n += 1) writeFileSync(generated(n), titled(`Generated ${n}, as on other`));
  for (let n = CHECKOUT.changed + 1; n <= SHARED; n += 1) unlinkSync(generated(n));
  for (let n = 1; n <= CHECKOUT.added; n += 1) writeFileSync(addedOnOther(n), titled(`Added ${n} on other`));
  git('add', '-A');
  git('commit', '-q', '-m', 'Other: changed, added and removed skills');
  git('checkout', '-q', 'main');
  dev = await startDev({
    args: ['--content', content, '--out', out, '--cache', join(work, 'cache')],
    nodeArgs: ['--import', join(PROJECT_ROOT, 'test/helpers/dev-worker-fault.ts')],
    env: { [STOP_WORKER_ENV]: stopWorker },
  });
}, 180_000);

afterAll(async () => {
  await dev?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run dev sees every save', () => {
  /** Saves the skill with a new title in each way, one after the other, and waits for the page to show each. */
  const savesShow = async (ways: Save[]) => {
    for (const [i, way] of ways.entries()) {
      const title = `${SKILL}, ${way} (${i + 1})`;
      SAVES[way](skillFile, titled(title));
      await pageShows(`/skills/${SKILL}`, title);
    }
  };

  it('a save written in place, again and again', () => savesShow(['written in place', 'written in place', 'written in place']));

  it('a new file written beside it and renamed over it (sed -i, vim, safe writes), and every save after that', () =>
    savesShow(['renamed over it', 'written in place', 'renamed over it', 'renamed over it', 'written in place']));

  it('the file deleted and written again, and every save after that', () =>
    savesShow(['deleted and written again', 'written in place', 'deleted and written again', 'renamed over it']));

  it('a save while a build is running: one more build starts after it, with the save in it', async () => {
    const before = await settled();
    const seen = dev.events.events.length;
    writeFileSync(skillFile, titled('The save that starts a build'));
    const building = await dev.events.next('building', seen);
    writeFileSync(skillFile, titled('Saved during the build'));
    const during = await dev.status();
    // The save was made while that build ran: it had started, and it still runs after the save.
    expect({ started: during.started, building: during.building }, 'the build ended before the save could be made during it').toEqual({ started: building.data.started, building: true });
    await pageShows(`/skills/${SKILL}`, 'Saved during the build');
    expect((await settled()).started).toBe(before.started + 2);
  });

  it('a burst of saves is one build', async () => {
    const before = await settled();
    const from = dev.terminal().length;
    const others = readdirSync(skills).filter((name) => name.endsWith('.md') && name !== `${SKILL}.md`).slice(0, 5);
    for (let round = 1; round <= 4; round += 1) writeFileSync(skillFile, titled(`Burst ${round}`));
    for (const name of others) writeFileSync(join(skills, name), `${readFileSync(join(skills, name), 'utf8')}\nEdited in a burst.\n`);
    await pageShows(`/skills/${SKILL}`, 'Burst 4');
    expect((await settled()).started).toBe(before.started + 1);
    expect(await buildLines(from)).toHaveLength(1);
  });

  it(`git checkout of another branch that changes, adds and removes ${CHECKOUT.changed + CHECKOUT.added + CHECKOUT.removed} files: as few builds as the debounce allows, ending in the branch's site`, async () => {
    // What the earlier saves left, committed, so the checkout takes the tree to `other` whole.
    git('add', '-A');
    git('commit', '-q', '--allow-empty', '-m', 'Saves so far');
    const before = await settled();
    git('checkout', '-q', 'other');
    await pageShows('/skills/added-033', 'Added 33 on other');
    await pageShows('/skills/generated-001', 'Generated 1, as on other');
    await pageGone(`/skills/generated-${String(SHARED).padStart(3, '0')}`);
    const after = await settled();
    expect(after.ok).toBe(true);
    // One build, or two when the checkout outlasts the debounce; never one per file.
    expect(after.started - before.started).toBeGreaterThanOrEqual(1);
    expect(after.started - before.started).toBeLessThanOrEqual(2);
    const reference = join(work, 'reference');
    await runBuild(['--content', content, '--out', reference, '--no-cache', '--quiet']);
    expect(sameTree(treeOf(out), treeOf(reference))).toBe(true);
    rmSync(reference, { recursive: true });
  }, 120_000);

  it('a file renamed: the page moves to its new name', async () => {
    const from = join(skills, 'generated', 'added-001.md');
    renameSync(from, join(skills, 'generated', 'renamed-001.md'));
    await pageShows('/skills/renamed-001', 'Added 1 on other');
    await pageGone('/skills/added-001');
    const catalog = JSON.parse((await fetchText('/catalog.json')).text) as { skills: { slug: string }[] };
    expect(catalog.skills.map((skill) => skill.slug)).toEqual(expect.arrayContaining(['renamed-001']));
    expect(catalog.skills.map((skill) => skill.slug)).not.toContain('added-001');
  });

  it('a folder of content added: its skills appear', async () => {
    const folder = join(skills, 'new-folder');
    mkdirSync(folder);
    writeFileSync(join(folder, 'folder-one.md'), titled('In a new folder, one'));
    writeFileSync(join(folder, 'folder-two.md'), titled('In a new folder, two'));
    await pageShows('/skills/folder-one', 'In a new folder, one');
    await pageShows('/skills/folder-two', 'In a new folder, two');
  });

  it('a folder of content removed: its skills are gone', async () => {
    rmSync(join(skills, 'new-folder'), { recursive: true });
    await pageGone('/skills/folder-one');
    await pageGone('/skills/folder-two');
  });
});

describe('npm run dev never builds for a file no build reads', () => {
  const folders = [content, skills, join(content, 'bundles'), join(content, 'docs')];
  /** Emacs's lock is a link to where its owner is, which is no file. */
  const lockTarget = 'editor@host.1234:1767225600';

  it.each(SCRATCH_KINDS.map((kind) => [kind.writer, kind] as const))('%s, in each content folder: no build starts, and the next save is built alone', async (_writer, kind) => {
    const before = await settled();
    const from = dev.terminal().length;
    // Each scratch file made, changed, removed and made again, and left there for the save's build.
    for (const scratch of folders.map((folder) => join(folder, kind.name(`${SKILL}.md`)))) {
      if (kind.link) {
        symlinkSync(lockTarget, scratch);
      } else {
        writeFileSync(scratch, 'scratch\n');
        writeFileSync(scratch, 'scratch, written again\n', { flag: 'a' });
      }
      unlinkSync(scratch);
      if (kind.link) symlinkSync(lockTarget, scratch);
      else writeFileSync(scratch, 'scratch, left behind\n');
    }
    const title = `Saved beside ${kind.writer}`;
    writeFileSync(skillFile, titled(title));
    await pageShows(`/skills/${SKILL}`, title);
    const after = await settled();
    expect(after.ok).toBe(true);
    expect(after.started).toBe(before.started + 1);
    expect(await buildLines(from)).toEqual([`content/skills/${SKILL}.md`]);
    for (const folder of folders) rmSync(join(folder, kind.name(`${SKILL}.md`)), { force: true });
  });
});

describe('npm run dev survives a failed build', () => {
  it('a build worker that stops is started again, and says so; the last good site stays served, and the next save is built', async () => {
    await settled();
    const from = dev.terminal().length;
    const lastGood = (await fetchText(`/skills/${SKILL}.json`)).text;
    writeFileSync(stopWorker, '');
    writeFileSync(skillFile, titled('Saved as the worker stops'));
    const errorPage = await dev.waitFor('the error page', async () => {
      const page = await fetchText(`/skills/${SKILL}`);
      return page.status === 500 ? page.text : undefined;
    });
    expect(errorPage).toContain('the build worker stopped (exit code 1)');
    await dev.waitFor('the terminal to say the worker was started again', async () => (/the build worker stopped \(exit code 1\); started a new one/.test(dev.terminal().slice(from)) ? true : undefined));
    const status = await dev.status();
    expect(status.failure).toMatchObject({ kind: 'crash', message: 'the build worker stopped (exit code 1)' });
    // Everything but the pages is still the last good build's.
    expect(await fetchText(`/skills/${SKILL}.json`)).toEqual({ status: 200, text: lastGood });
    expect(dev.child.exitCode).toBeNull();

    unlinkSync(stopWorker);
    writeFileSync(skillFile, titled('Saved after the worker was started again'));
    await pageShows(`/skills/${SKILL}`, 'Saved after the worker was started again');
    expect((await dev.status()).ok).toBe(true);
  });
});
