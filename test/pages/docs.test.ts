/** Prose pages (content/docs/): read with their front matter checked, served as page and twin. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readDocs } from '../../build/emit/docs.ts';
import { ContentError } from '../../build/content-error.ts';
import { HAS_GUIDE, baseUrl, read, splitTwin } from './dist.ts';

const dirs: string[] = [];
function contentWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'docs-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'docs'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'docs', name), text);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const dated = () => '2026-01-01T00:00:00Z';

describe('readDocs', () => {
  it('reads title, description and body of each page', () => {
    const dir = contentWith({ 'api.md': '---\ntitle: Guide\ndescription: How to.\n---\n## Start\n\nText.\n' });
    expect(readDocs(dir, dir, dated)).toEqual([
      { path: 'docs/api', title: 'Guide', description: 'How to.', body: '## Start\n\nText.\n', file: 'docs/api.md', lastModified: '2026-01-01T00:00:00Z' },
    ]);
  });

  it('is fine with no docs folder at all', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-'));
    dirs.push(dir);
    expect(readDocs(dir, dir, dated)).toEqual([]);
  });

  it('names every file and field that is missing, all at once', () => {
    const dir = contentWith({ 'a.md': '---\ntitle: A\n---\nBody', 'Bad_Name.md': '---\ntitle: B\ndescription: ""\n---\n' });
    try {
      readDocs(dir, dir, dated);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ContentError);
      const problems = (error as ContentError).problems.map((p) => `${p.file} ${p.field ?? ''} ${p.expected}`);
      expect(problems).toEqual(expect.arrayContaining([
        'docs/a.md description text (required field)',
        'docs/Bad_Name.md description text (required field)',
        'docs/Bad_Name.md  a file name matching ^[a-z0-9-]+$',
      ]));
    }
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
