/** Prose pages (content/docs/): read with their front matter checked, served as page and twin. */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent, readBody } from '../../build/load.ts';
import { validateContent } from '../../build/validate/index.ts';
import { ContentError } from '../../build/content-error.ts';
import { HAS_GUIDE, baseUrl, read, splitTwin } from './dist.ts';

const SMALL = join(import.meta.dirname, '../fixtures/content-small');
const dirs: string[] = [];
/** The small fixture's content with these files in docs/ (none: no docs folder at all). */
function contentWith(files?: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'docs-'));
  dirs.push(dir);
  cpSync(SMALL, dir, { recursive: true });
  if (files) {
    mkdirSync(join(dir, 'docs'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'docs', name), text);
  }
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const check = async (dir: string) => validateContent(await loadContent(dir, dir));

describe('content/docs/', () => {
  it('reads title, description and body of each page', async () => {
    const dir = contentWith({ 'api.md': '---\ntitle: Guide\ndescription: How to.\n---\n## Start\n\nText.\n' });
    const [doc] = (await check(dir)).docs;
    expect(doc.fields).toEqual({ title: 'Guide', description: 'How to.' });
    expect(doc.doc).toMatchObject({ file: 'docs/api.md', slug: 'api' });
    expect(readBody(doc.doc.body)).toBe('## Start\n\nText.\n');
  });

  it('is fine with no docs folder at all', async () => {
    expect((await check(contentWith())).docs).toEqual([]);
  });

  it('names every file and field that is wrong, all at once, with the other content problems', async () => {
    const dir = contentWith({ 'a.md': '---\ntitle: A\n---\nBody', 'Bad_Name.md': '---\ntitle: B\ndescription: ""\nauthor: me\n---\n' });
    writeFileSync(join(dir, 'skills/alpha.md'), '---\ntitle: Alpha\n---\n');
    const error = await check(dir).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    const problems = (error as ContentError).problems.map((p) => `${p.file}:${p.line ?? ''} ${p.field ?? ''} ${p.expected}`);
    expect(problems).toEqual(expect.arrayContaining([
      'docs/a.md:2 description a value (required field)',
      'docs/Bad_Name.md:3 description non-empty text',
      expect.stringMatching(/^docs\/Bad_Name\.md:4 author no such field/),
      expect.stringMatching(/^docs\/Bad_Name\.md: slug \(file name\) a file name matching/),
      expect.stringMatching(/^skills\/alpha\.md:/),
    ]));
  });
});

describe.skipIf(!HAS_GUIDE)('the developer guide in dist/', () => {
  it('is served at the documentation_url path, with its {base} examples filled in', () => {
    const html = read('docs/api.html');
    const twin = read('docs/api.md');
    expect(splitTwin(twin).matter.type).toBe('guide');
    expect(html).not.toContain('{base}');
    expect(twin).not.toContain('{base}');
    expect(twin).toContain(`${baseUrl()}/catalog.json`);
    expect(html).toContain('<nav class="toc"');
  });
});
