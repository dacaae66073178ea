import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../build/load.ts';
import { SCRATCH_KINDS } from '../test/helpers/scratch-files.ts';
import { buildReads } from './content-reads.ts';

/** Files a build reads, and files beside them that it does not, by path under the content folder. */
const READ = ['site.yaml', 'clusters.yaml', 'skills/a.md', 'skills/b.markdown', 'skills/group/c.md', 'skills/group/deeper/d.md', 'bundles/e.md', 'bundles/x/f.markdown', 'docs/g.md', 'skills/folder.md/h.md'];
const NOT_READ = [
  'README.md', 'notes.txt', 'site.yml', 'site.yaml.bak', 'other/k.md', 'docs/h.markdown', 'docs/sub/i.md', 'skills/A.MD', 'skills/a.txt',
  'skills/.hidden.md', 'skills/.dir/j.md', 'skills/node.md.orig',
  ...['skills', 'bundles', 'docs', ''].flatMap((folder) => SCRATCH_KINDS.map((kind) => join(folder, kind.name('a.md')))),
];

const dir = mkdtempSync(join(tmpdir(), 'content-reads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('what a content build reads', () => {
  it('is what the loader reads: its YAML files and the Markdown of its folders, and none of what editors leave beside them', async () => {
    const links = new Set(SCRATCH_KINDS.filter((kind) => kind.link).map((kind) => kind.name('a.md')));
    for (const path of [...READ, ...NOT_READ]) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      if (links.has(path.split('/').at(-1)!)) symlinkSync('user@host.1234:1767225600', join(dir, path));
      else writeFileSync(join(dir, path), '---\ntitle: x\n---\n');
    }
    const content = await loadContent(dir, dir);
    const loaded = [content.site, content.clusters, ...content.skills, ...content.bundles, ...content.docs].filter((file) => file.checkKey !== '').map((file) => file.file);
    expect(loaded.sort()).toEqual([...READ].sort());
    expect(READ.filter((path) => !buildReads(path))).toEqual([]);
    expect(NOT_READ.filter((path) => buildReads(path))).toEqual([]);
  });
});
