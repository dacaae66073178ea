/** The architecture stays a map of the tree: the README draws it in Mermaid, and the contributors'
 * page names every top-level folder of code with what it holds. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../build/index.ts';

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
const contributors = readFileSync(join(PROJECT_ROOT, 'docs/contributors.md'), 'utf8');
/** From the Architecture heading to the next heading of its level. */
const section = (text: string) => /^## Architecture\n([\s\S]*?)(?=^## )/m.exec(text)?.[1] ?? '';
/** Folders of the tree that hold code, content, schemas or documentation (not tooling, output or caches). */
const folders = readdirSync(PROJECT_ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !['node_modules', 'dist', 'bench'].includes(entry.name))
  .filter((entry) => !entry.name.startsWith('dist.'))
  .map((entry) => entry.name);

describe('the architecture', () => {
  it('is drawn in the README: the path from content/ to dist/ and from a request to an answer, in Mermaid', () => {
    const diagram = /```mermaid\n([\s\S]*?)```/.exec(section(readme))?.[1] ?? '';
    expect(diagram).toMatch(/^flowchart /);
    for (const name of ['content/', 'dist/', 'build/', 'core/', 'runtime/', 'functions/', 'client']) expect(diagram, name).toContain(name);
  });

  it('is mapped in docs/contributors.md: every top-level folder of the tree, with what it holds', () => {
    const map = section(contributors);
    expect(folders.length).toBeGreaterThan(5);
    for (const folder of folders) expect(map, folder).toMatch(new RegExp(`^${folder}/ `, 'm'));
  });
});
