/** Loading (load.ts): every file read and known by its digest; one whose exact bytes passed before comes from the memo, not parsed again. */
import { cpSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentChangedError, loadContent, NO_DOCUMENT_MEMO, readBody } from './load.ts';
import type { DocumentMemo, KnownFile, LoadedContent } from './load.ts';
import { temporaryFolders } from '../test/helpers/temporary-folders.ts';

const PROJECT_ROOT = join(import.meta.dirname, '..');
const CONTENT = join(PROJECT_ROOT, 'test/fixtures/content-small');
const temporary = temporaryFolders('load-');

/** A memo that knows what `known` holds, by path. */
function memoOf(known: Map<string, KnownFile>): DocumentMemo {
  return { get: (path) => known.get(path), set: (path, value) => known.set(path, value) };
}

/** What a memo learns of a build's files once they pass. */
const learntOf = (content: LoadedContent) => new Map([content.site, content.clusters, ...content.skills, ...content.bundles, ...content.docs].flatMap((file) => (file.learnt ? [file.learnt] : [])));

describe('loading', () => {
  it('parses a file the memo does not know, and takes one whose bytes it knows from it, parsing nothing', async () => {
    const loaded = await loadContent(CONTENT, PROJECT_ROOT);
    const [first, second] = loaded.skills;
    expect(first.checked).toBeUndefined();
    const path = first.body.path;
    const known = new Map([[path, { checkKey: first.checkKey, data: { title: 'From the memo' }, bodyStart: first.body.start }]]);
    const again = await loadContent(CONTENT, PROJECT_ROOT, memoOf(known));
    expect(again.skills[0]).toMatchObject({ checked: true, data: { title: 'From the memo' }, checkKey: first.checkKey, problems: [], bodyProblems: [] });
    expect(again.skills[1].checked).toBeUndefined();
    expect(again.skills[1].data).toEqual(second.data);
  });

  it('reads no file whose stat is as a build last read it: what that build made of it is taken', async () => {
    const dir = temporary();
    cpSync(CONTENT, dir, { recursive: true });
    const path = join(dir, 'skills', 'alpha.md');
    const stat = statSync(path);
    const known = new Map([[path, { checkKey: 'seen-before', data: { title: 'Seen before' }, bodyStart: 10, stat: { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino } }]]);
    const loaded = await loadContent(dir, PROJECT_ROOT, memoOf(known));
    expect(loaded.skills.find((skill) => skill.slug === 'alpha')).toMatchObject({ checkKey: 'seen-before', checked: true, data: { title: 'Seen before' } });
    // Another size, or another time, and it is read.
    writeFileSync(path, `${readText(path)}\n`);
    const edited = await loadContent(dir, PROJECT_ROOT, memoOf(known));
    const alpha = edited.skills.find((skill) => skill.slug === 'alpha')!;
    expect(alpha.checkKey).not.toBe('seen-before');
    expect(alpha.checked).toBeUndefined();
  });

  it('trusts no stat of a file changed within the file clock\'s tick before it was read: one saved again within it is read again', async () => {
    const dir = temporary();
    cpSync(CONTENT, dir, { recursive: true });
    const loaded = await loadContent(dir, PROJECT_ROOT);
    // Copied a moment ago: every file changed within the tick, so none of their stats is learnt.
    const learnt = learntOf(loaded);
    expect(learnt.size).toBeGreaterThan(0);
    expect([...learnt.values()].filter((known) => known.stat !== undefined)).toEqual([]);
    const path = join(dir, 'skills', 'alpha.md');
    const text = readText(path);
    // The same size and mtime, other bytes: what a save within the tick can leave.
    const { mtime } = statSync(path);
    writeFileSync(path, text.replace('alpha', 'ALPHA'));
    utimesSync(path, mtime, mtime);
    const again = await loadContent(dir, PROJECT_ROOT, memoOf(learnt));
    const alpha = (content: LoadedContent) => content.skills.find((skill) => skill.slug === 'alpha')!;
    expect(alpha(again).checkKey).not.toBe(alpha(loaded).checkKey);
    expect(alpha(again).checked).toBeUndefined();
  });

  it('knows a file by the digest of its bytes: an edit is another key, the same bytes the same', async () => {
    const dir = temporary();
    cpSync(CONTENT, dir, { recursive: true });
    const before = await loadContent(dir, PROJECT_ROOT, NO_DOCUMENT_MEMO);
    const path = join(dir, 'skills', before.skills[0].slug + '.md');
    writeFileSync(path, `${readText(path)}\nOne more line.\n`);
    const after = await loadContent(dir, PROJECT_ROOT, NO_DOCUMENT_MEMO);
    expect(after.skills[0].checkKey).not.toBe(before.skills[0].checkKey);
    expect(after.skills[1].checkKey).toBe(before.skills[1].checkKey);
  });

  it('refuses to read a body whose file changed since it was loaded', async () => {
    const dir = temporary();
    cpSync(CONTENT, dir, { recursive: true });
    const loaded = await loadContent(dir, PROJECT_ROOT, NO_DOCUMENT_MEMO);
    const skill = loaded.skills[0];
    expect(readBody(skill.body)).toBe(readText(skill.body.path).slice(skill.body.start));
    writeFileSync(skill.body.path, `${readText(skill.body.path)}!`);
    expect(() => readBody(skill.body)).toThrow(ContentChangedError);
  });
});

const readText = (path: string): string => readFileSync(path, 'utf8');
