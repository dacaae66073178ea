/** The README's Architecture section stays a map of the tree: a Mermaid diagram, and every
 * top-level folder of code named with what it holds. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../build/index.ts';

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('### Architecture'), readme.indexOf('One source of truth per fact:'));
/** Folders of the tree that hold code, content or schemas (not tooling, output or caches). */
const folders = readdirSync(PROJECT_ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !['node_modules', 'dist', 'bench'].includes(entry.name))
  .filter((entry) => !entry.name.startsWith('dist.'))
  .map((entry) => entry.name);

describe('README, Architecture', () => {
  it('draws the path from content/ to dist/ and from a request to an answer in Mermaid', () => {
    const diagram = /```mermaid\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(diagram).toMatch(/^flowchart /);
    for (const name of ['content/', 'dist/', 'build/', 'core/', 'runtime/', 'functions/', 'client']) expect(diagram, name).toContain(name);
  });

  it('names every top-level folder of the tree in its map', () => {
    expect(folders.length).toBeGreaterThan(5);
    for (const folder of folders) expect(section, folder).toMatch(new RegExp(`^${folder}/ `, 'm'));
  });
});
