/**
 * Incremental = cold, always: random sequences of edits to a copy of the project (a body, a front
 * matter field, a bundle's members, a cluster, site.yaml, a schema's description, a skill added,
 * renamed or removed, a skill's body edited to the same size and times), and after each edit a
 * warm build (the cache and the last output kept, as between two deploys) must leave exactly the
 * bytes of a cold build (no cache, one thread) of the same sources; when the cold build refuses
 * the content, the warm one refuses it with the same problems. Each build is the real `npm run build` in a child process on the copy, so an edit to a
 * schema reaches the build as an edit to the project would.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { PROJECT_ROOT } from '../../build/index.ts';
import { BUILD_ENV, expectSameTree } from '../helpers/build-process.ts';
import { copyTree } from '../helpers/tree-copy.ts';
import { PROPERTY_SEED as SEED, propertyRuns, propertyTimeout } from '../helpers/property.ts';

/** The folders an edit touches, restored before each run from the pristine project. */
const EDITED = ['content', 'schema'] as const;

const RUNS = propertyRuns(8);
const WHOLE_SECOND = new Date('2026-01-01T00:00:00Z');
const TIME_LIMIT_MS = propertyTimeout(240_000);

let root: string;
let step = 0;
/** How the cold builds ended: a property whose every build is refused would prove little. */
const outcomes = { built: 0, refused: 0 };

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'incremental-property-'));
  copyTree(join(root, 'project'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const project = (...path: string[]) => join(root, 'project', ...path);

type Outcome = { ok: true } | { ok: false; problems: string };

/** `npm run build` of the copy into `out`; a refusal's problems as printed, the folder names aside. */
function buildInto(out: string, args: readonly string[]): Outcome {
  try {
    execFileSync(process.execPath, ['scripts/bundled.mjs', 'scripts/build.ts', '--quiet', '--out', out, ...args], {
      cwd: project(),
      env: { ...process.env, ...BUILD_ENV, CI: 'true' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { ok: true };
  } catch (error) {
    const { status, stderr } = error as { status: number | null; stderr: string };
    if (status !== 1) throw error;
    return { ok: false, problems: stderr.split(root).join('<root>') };
  }
}

const WARM = () => join(root, 'warm');

/** A warm build and a cold one of the sources as they are now: the same files, or the same refusal. */
function expectWarmIsCold(): void {
  const cold = join(root, `cold-${++step}`);
  const warm = buildInto(WARM(), ['--cache', join(root, 'cache')]);
  const fresh = buildInto(cold, ['--no-cache', '--threads', '1']);
  expect(warm).toEqual(fresh);
  outcomes[fresh.ok ? 'built' : 'refused'] += 1;
  if (fresh.ok) expectSameTree(WARM(), cold);
  rmSync(cold, { recursive: true, force: true });
  rmSync(`${cold}.function-constants.json`, { force: true });
}

// ---- Reading and editing the copy's content ----

const markdownFiles = (folder: string) => readdirSync(project('content', folder)).filter((name) => name.endsWith('.md')).sort();
const slugOf = (file: string) => file.slice(0, -'.md'.length);

/** A content file's front matter as a YAML document (formatting kept), and its body. */
function readItem(path: string): { front: ReturnType<typeof parseDocument>; body: string } {
  const text = readFileSync(path, 'utf8');
  const end = text.indexOf('\n---', 4);
  return { front: parseDocument(text.slice(4, end + 1)), body: text.slice(end + 4) };
}
const writeItem = (path: string, { front, body }: ReturnType<typeof readItem>) => writeFileSync(path, `---\n${String(front)}---${body}`);

/** Skills no bundle names: renaming or removing one leaves the content valid. */
function unreferencedSkills(): string[] {
  const named = new Set(markdownFiles('bundles').flatMap((file) => {
    const members = readItem(project('content/bundles', file)).front.toJS()?.skills;
    return Array.isArray(members) ? members.map(String) : [];
  }));
  return markdownFiles('skills').map(slugOf).filter((slug) => !named.has(slug));
}

const pick = <T>(list: readonly T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);

/** One edit: what it does, in words for a failure's report, and the change itself. */
interface Edit {
  toString(): string;
  apply(n: number): void;
}

const edit = (name: string, apply: (n: number) => void, ...args: unknown[]): Edit => ({
  toString: () => `${name}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`,
  apply,
});

const index = fc.nat({ max: 1_000 });

const edits: fc.Arbitrary<Edit> = fc.oneof(
  fc.tuple(fc.constantFrom('skills', 'bundles'), index).map(([folder, i]) => edit('body', (n) => {
    const file = pick(markdownFiles(folder), i);
    if (file) appendFileSync(project('content', folder, file), `\nA paragraph added by edit ${n}, with *emphasis*.\n`);
  }, folder, i)),
  fc.tuple(fc.constantFrom('skills', 'bundles'), fc.constantFrom('problem', 'title'), index).map(([folder, field, i]) => edit('field', (n) => {
    const file = pick(markdownFiles(folder), i);
    if (!file) return;
    const item = readItem(project('content', folder, file));
    item.front.set(field, `${field === 'title' ? 'Title' : 'A problem'} set by edit ${n}`);
    writeItem(project('content', folder, file), item);
  }, folder, field, i)),
  fc.tuple(index, fc.uniqueArray(index, { minLength: 2, maxLength: 4 })).map(([i, members]) => edit('members', () => {
    const file = pick(markdownFiles('bundles'), i);
    if (!file) return;
    const skills = markdownFiles('skills').map(slugOf);
    const item = readItem(project('content/bundles', file));
    item.front.set('skills', [...new Set(members.map((m) => pick(skills, m)!))]);
    writeItem(project('content/bundles', file), item);
  }, i, members)),
  fc.tuple(index, fc.constantFrom('label', 'question')).map(([i, field]) => edit('cluster', (n) => {
    const path = project('content/clusters.yaml');
    const clusters = parseDocument(readFileSync(path, 'utf8'));
    const count = (clusters.toJS() as unknown[]).length;
    clusters.setIn([i % count, field], field === 'label' ? `Cluster ${n}` : `Which question did edit ${n} ask?`);
    writeFileSync(path, String(clusters));
  }, i, field)),
  fc.tuple(index, index).map(([skill, cluster]) => edit('move', () => {
    const file = pick(markdownFiles('skills'), skill);
    if (!file) return;
    const ids = (parseDocument(readFileSync(project('content/clusters.yaml'), 'utf8')).toJS() as { id: string }[]).map(({ id }) => id);
    const item = readItem(project('content/skills', file));
    item.front.set('clusters', [pick(ids, cluster)]);
    writeItem(project('content/skills', file), item);
  }, skill, cluster)),
  fc.constant(edit('site', (n) => {
    const path = project('content/site.yaml');
    const site = parseDocument(readFileSync(path, 'utf8'));
    site.set('description', `Skills for AI coding agents, as edit ${n} describes them.`);
    writeFileSync(path, String(site));
  })),
  fc.tuple(fc.constantFrom('api', 'content'), index, index).map(([folder, f, d]) => edit('schema', (n) => {
    const file = pick(readdirSync(project('schema', folder)).sort(), f)!;
    const path = project('schema', folder, file);
    const text = readFileSync(path, 'utf8');
    const descriptions = [...text.matchAll(/"description": "((?:[^"\\]|\\.)*)"/g)];
    const chosen = pick(descriptions, d);
    if (!chosen) return;
    const at = chosen.index! + chosen[0].length - 1;
    writeFileSync(path, `${text.slice(0, at)} (edit ${n})${text.slice(at)}`);
  }, folder, f, d)),
  // An edit that leaves the file's size and times as they were: only its change time tells.
  index.map((i) => edit('retouch', () => {
    const file = pick(markdownFiles('skills'), i);
    if (!file) return;
    const path = project('content/skills', file);
    const { atime, mtime } = statSync(path);
    const item = readItem(path);
    const at = item.body.search(/[a-z]/);
    if (at === -1) return;
    writeItem(path, { ...item, body: `${item.body.slice(0, at)}${item.body[at] === 'x' ? 'y' : 'x'}${item.body.slice(at + 1)}` });
    // Times in whole seconds (set at the start of each sequence) come back exactly.
    utimesSync(path, atime, mtime);
  }, i)),
  index.map((i) => edit('add', (n) => {
    const file = pick(markdownFiles('skills'), i);
    if (file) cpSync(project('content/skills', file), project('content/skills', `added-by-edit-${n}.md`));
  }, i)),
  index.map((i) => edit('rename', (n) => {
    const slug = pick(unreferencedSkills(), i);
    if (slug) renameSync(project('content/skills', `${slug}.md`), project('content/skills', `renamed-by-edit-${n}.md`));
  }, i)),
  index.map((i) => edit('remove', () => {
    const slug = pick(unreferencedSkills(), i);
    if (slug) rmSync(project('content/skills', `${slug}.md`));
  }, i)),
);

describe('an incremental build', () => {
  it(`leaves the bytes of a cold build after every edit of ${RUNS} random sequences (seed ${SEED})`, () => {
    let n = 0;
    fc.assert(
      fc.property(fc.array(edits, { minLength: 1, maxLength: 4 }), (sequence) => {
        // Each sequence starts from the project as it is; the cache and the last output carry over,
        // as they do from one deploy to the next.
        for (const folder of EDITED) {
          rmSync(project(folder), { recursive: true, force: true });
          cpSync(join(PROJECT_ROOT, folder), project(folder), { recursive: true });
        }
        // Whole seconds, which an edit can set back exactly (retouch): only the change time tells.
        for (const file of markdownFiles('skills')) utimesSync(project('content/skills', file), WHOLE_SECOND, WHOLE_SECOND);
        if (!existsSync(WARM())) expectWarmIsCold();
        for (const change of sequence) {
          change.apply(++n);
          expectWarmIsCold();
        }
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: true },
    );
    expect(outcomes.built).toBeGreaterThan(outcomes.refused);
  }, TIME_LIMIT_MS + 60_000);

  it('draws every kind of edit', () => {
    // Guards the generator: a property that never renames a file proves nothing about renames.
    const kinds = new Set(fc.sample(edits, { numRuns: 300 }).map((change) => String(change).split('(')[0]));
    expect([...kinds].sort()).toEqual(['add', 'body', 'cluster', 'field', 'members', 'move', 'remove', 'rename', 'retouch', 'schema', 'site']);
  });
});
