/** A kind's code (code.ts): the files its modules import, the schemas, the locked dependencies; an edit moves exactly the digests whose modules import it. */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeDigests, importedFiles } from './code.ts';
import importGraph from './import-graph.json' with { type: 'json' };
import { PROJECT_ROOT } from './index.ts';
import { temporaryFolders } from '../test/helpers/temporary-folders.ts';

const temporary = temporaryFolders('code-');

/** A project of a few modules: two kinds, what they import, a schema and the lock file. */
function project(): { root: string; write: (file: string, text: string) => void } {
  const root = temporary();
  const write = (file: string, text: string) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  for (const [file, text] of Object.entries({
    'site/pages/page.ts': "import { layout } from '../html/layout.ts';\nimport { body } from '../render/body.ts';\nexport const page = () => [layout, body];\n",
    'site/html/layout.ts': 'export const layout = 1;\n',
    'site/render/body.ts': "import { policy } from './policy.ts';\nexport const body = policy;\n",
    'site/render/policy.ts': 'export const policy = 1;\n',
    'site/other.ts': 'export const other = 1;\n',
    'schema/defs.schema.json': '{}\n',
    'package-lock.json': '{"lockfileVersion":3}\n',
  })) write(file, text);
  return { root, write };
}

describe('importedFiles', () => {
  it("lists each module's own files of the project, itself among them, and no package", () => {
    const [page, body] = importedFiles(PROJECT_ROOT, ['site/pages/skill.ts', 'site/render/markdown-body.ts']);
    expect(page).toEqual(expect.arrayContaining(['site/pages/skill.ts', 'site/html/layout.ts', 'core/pricing.ts']));
    // A page is handed its body rendered: the body renderer is no code of a page.
    expect(page).not.toContain('site/render/markdown-body.ts');
    expect(page.filter((file) => file.startsWith('node_modules/') || /^(runtime|functions|build)\//.test(file))).toEqual([]);
    expect(body.filter((file) => !file.startsWith('site/render/') && !file.startsWith('core/'))).toEqual([]);
  });
});

describe('codeDigests', () => {
  it('moves with a module a kind imports, and only for the kinds that import it', () => {
    const { root, write } = project();
    const [page, body] = digestsOf(root);
    write('site/html/layout.ts', 'export const layout = 2;\n');
    const [pageAfter, bodyAfter] = digestsOf(root);
    expect(pageAfter).not.toBe(page);
    expect(bodyAfter).toBe(body);
  });

  it('moves for every kind with a schema or the locked dependencies, and not with a module no kind imports', () => {
    const { root, write } = project();
    const before = digestsOf(root);
    write('site/other.ts', 'export const other = 2;\n');
    expect(digestsOf(root)).toEqual(before);
    write('schema/defs.schema.json', '{"title":"x"}\n');
    const afterSchema = digestsOf(root);
    expect(afterSchema.every((digest, i) => digest !== before[i])).toBe(true);
    write('package-lock.json', '{"lockfileVersion":3,"x":1}\n');
    expect(digestsOf(root).every((digest, i) => digest !== afterSchema[i])).toBe(true);
  });

  it("walks the bundle's own import graph when the launcher hands it over, resolving nothing", () => {
    const { root } = project();
    const global = globalThis as Record<symbol, unknown>;
    const key = Symbol.for(importGraph.global);
    try {
      // A graph that says the page imports nothing but itself, then one that says it imports the layout.
      global[key] = { 'site/pages/page.ts': [] };
      const [alone] = digestsOf(root);
      global[key] = { 'site/pages/page.ts': ['site/html/layout.ts'], 'site/html/layout.ts': [] };
      const [withLayout] = digestsOf(root);
      expect(alone).not.toBe(withLayout);
    } finally {
      delete global[key];
    }
  });
});

/** The kinds' digests as a new process works them out: code.ts keeps them per process and project
 * folder, so each reading is of a copy of the project in a folder of its own. */
function digestsOf(root: string): string[] {
  const copy = temporary();
  cpSync(root, copy, { recursive: true });
  return codeDigests(copy, [['site/pages/page.ts'], ['site/render/body.ts']]);
}
