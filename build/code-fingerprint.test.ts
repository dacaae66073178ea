/** The code fingerprints cover exactly what decides a cache entry: what the renderer imports, what
 * the body renderer alone imports, and what checking a content file imports plus the schemas. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BODY_ENTRIES, CHECK_ENTRIES, codeFingerprints, EDITOR_ENTRIES, EMIT_ENTRIES, importedFiles, RENDER_ENTRIES } from './code-fingerprint.ts';
import { PROJECT_ROOT } from './index.ts';
import { temporaryFolders } from '../test/helpers/temporary-folders.ts';

const temporary = temporaryFolders('fingerprint-');

/** A project of a few modules: the entry points, what they import, and code they do not. */
function project(): { root: string; memo: string; write: (file: string, text: string) => void } {
  const root = temporary();
  const write = (file: string, text: string) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  for (const [file, text] of Object.entries({
    [RENDER_ENTRIES[0]]: "import { page } from '../../site/html/page.ts';\nimport { body } from '../../site/render/markdown-body.ts';\nexport const render = () => [page, body];\n",
    [BODY_ENTRIES[0]]: "import { policy } from './body-policy.ts';\nexport const body = policy;\n",
    'site/render/body-policy.ts': 'export const policy = 1;\n',
    [RENDER_ENTRIES[1]]: "import { render } from './pages.ts';\nrender();\n",
    'site/html/page.ts': "import { price } from '../../core/pricing.ts';\nexport const page = () => price;\n",
    'core/pricing.ts': 'export const price = 1;\n',
    [CHECK_ENTRIES[0]]: "export const load = 1;\n",
    [EDITOR_ENTRIES[0]]: "import { page } from '../../site/html/page.ts';\nexport const editor = page;\n",
    [EMIT_ENTRIES[0]]: "import { render } from '../run/pages.ts';\nimport { index } from '../../site/search-index.ts';\nexport const emitters = [render, index];\n",
    'site/search-index.ts': 'export const index = 1;\n',
    [CHECK_ENTRIES[1]]: "import defs from '../../schema/defs.schema.json' with { type: 'json' };\nexport const validate = defs;\n",
    'schema/defs.schema.json': '{}\n',
    'schema/content/skill.schema.json': '{}\n',
    'runtime/payment/check.ts': 'export const check = 1;\n',
    'functions/catalog.ts': "import { price } from '../core/pricing.ts';\nexport default price;\n",
    'package-lock.json': '{"lockfileVersion":3}\n',
    'content/skills/a.md': '---\ntitle: A\n---\n',
  })) write(file, text);
  return { root, memo: join(root, 'memo.json'), write };
}

describe('importedFiles', () => {
  it("lists the renderer's modules and the checks' modules of this project, and nothing request-time only", () => {
    const { render, check } = importedFiles(PROJECT_ROOT);
    expect(render).toEqual(expect.arrayContaining(['build/run/worker.ts', 'site/pages/skill.ts', 'site/render/markdown-body.ts', 'core/pricing.ts']));
    expect(render.filter((file) => /^(runtime\/payment|functions|scripts)\//.test(file) || file.startsWith('site/openapi/'))).toEqual([]);
    expect(check).toEqual(expect.arrayContaining(['build/validate/index.ts', 'build/load.ts']));
    expect(check.filter((file) => /^(runtime\/payment|functions|build\/emit|site\/(pages|html|markdown|openapi))\//.test(file))).toEqual([]);
  });

  it("lists the body renderer's modules apart: no page layout, frame or twin facts", () => {
    const { body } = importedFiles(PROJECT_ROOT);
    expect(body).toEqual(expect.arrayContaining(['site/render/markdown-body.ts', 'site/render/body-policy.ts', 'site/render/headings.ts']));
    expect(body.filter((file) => !file.startsWith('site/render/') && !file.startsWith('core/'))).toEqual([]);
  });
});

describe('codeFingerprints', () => {
  it('changes the render fingerprint with any module the renderer imports, and only then', () => {
    const { root, memo, write } = project();
    const before = codeFingerprints(root, memo);
    write('runtime/payment/check.ts', 'export const check = 2;\n');
    write('functions/catalog.ts', 'export default 2;\n');
    write('content/skills/a.md', '---\ntitle: B\n---\n');
    expect(codeFingerprints(root, memo)).toEqual(before);
    write('core/pricing.ts', 'export const price = 2;\n');
    const after = codeFingerprints(root, memo);
    expect(after.render).not.toBe(before.render);
    expect(after.check).toBe(before.check);
  });

  it('changes the body fingerprint with the body renderer and what it imports, never with the page layout', () => {
    const { root, memo, write } = project();
    const before = codeFingerprints(root, memo);
    write('site/html/page.ts', 'export const page = () => 2;\n');
    const layoutChanged = codeFingerprints(root, memo);
    expect(layoutChanged.render).not.toBe(before.render);
    expect(layoutChanged.body).toBe(before.body);
    write('site/render/body-policy.ts', 'export const policy = 2;\n');
    const policyChanged = codeFingerprints(root, memo);
    expect(policyChanged.body).not.toBe(before.body);
    // The page's key covers its body renderer too: a page is never newer than its body.
    expect(policyChanged.render).not.toBe(layoutChanged.render);
  });

  it('changes the check fingerprint with the checking code and with any schema, leaving the render one', () => {
    const { root, memo, write } = project();
    const before = codeFingerprints(root, memo);
    write('schema/content/skill.schema.json', '{"type":"object"}\n');
    const schemaChanged = codeFingerprints(root, memo);
    expect(schemaChanged.check).not.toBe(before.check);
    expect(schemaChanged.render).toBe(before.render);
    write(CHECK_ENTRIES[0], 'export const load = 2;\n');
    expect(codeFingerprints(root, memo).check).not.toBe(schemaChanged.check);
  });

  it("changes the emit fingerprint with any emitter's code, leaving the render one", () => {
    const { root, memo, write } = project();
    const before = codeFingerprints(root, memo);
    write('site/search-index.ts', 'export const index = 2;\n');
    const after = codeFingerprints(root, memo);
    expect(after.emit).not.toBe(before.emit);
    expect(after.render).toBe(before.render);
    // The emitters include the page renderer: a render edit moves both.
    write('core/pricing.ts', 'export const price = 2;\n');
    const rendered = codeFingerprints(root, memo);
    expect(rendered.emit).not.toBe(after.emit);
    // openapi.json's components and the editor's form are made from the schemas.
    write('schema/content/skill.schema.json', '{"type":"object"}\n');
    expect(codeFingerprints(root, memo).emit).not.toBe(rendered.emit);
  });

  it('changes both with the locked dependencies', () => {
    const { root, memo, write } = project();
    const before = codeFingerprints(root, memo);
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}\n');
    const after = codeFingerprints(root, memo);
    expect(after.render).not.toBe(before.render);
    expect(after.check).not.toBe(before.check);
  });

  it('follows a new import at once, though the import lists are remembered between builds', () => {
    const { root, memo, write } = project();
    codeFingerprints(root, memo);
    write('site/html/badge.ts', 'export const badge = 1;\n');
    write('site/html/page.ts', "import { badge } from './badge.ts';\nexport const page = () => badge;\n");
    const withBadge = codeFingerprints(root, memo);
    write('site/html/badge.ts', 'export const badge = 2;\n');
    expect(codeFingerprints(root, memo).render).not.toBe(withBadge.render);
    // The same answers without a memo: remembering changes the cost, never the result.
    expect(codeFingerprints(root, memo)).toEqual(codeFingerprints(root, null));
  });

  it('takes a digest from the memo while its file keeps the stamp it was hashed with, and remembers none for a file changed within a tick of the file clock', async () => {
    const { root, memo, write } = project();
    // As a new process would: nothing remembered in memory, only in the memo.
    const inNewProcess = async () => {
      vi.resetModules();
      return (await import('./code-fingerprint.ts')).codeFingerprints(root, memo);
    };
    const remembered = () => (JSON.parse(readFileSync(memo, 'utf8')) as { digests: Record<string, [string, string]> }).digests;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const first = await inNewProcess();
    expect(Object.keys(remembered())).toEqual(expect.arrayContaining(['core/pricing.ts', 'package-lock.json', 'schema/defs.schema.json']));
    // A digest in the memo is used as it is while the stamp holds: one made up shows in the fingerprint.
    const digests = remembered();
    digests['core/pricing.ts'][1] = 'made-up';
    writeFileSync(memo, JSON.stringify({ ...JSON.parse(readFileSync(memo, 'utf8')), digests }));
    expect((await inNewProcess()).render).not.toBe(first.render);
    // Written again, the same bytes: its stamp moved, so it is hashed again, and too recent to be remembered.
    write('core/pricing.ts', 'export const price = 1;\n');
    expect((await inNewProcess()).render).toBe(first.render);
    expect(Object.keys(remembered())).not.toContain('core/pricing.ts');
    expect(Object.keys(remembered())).toContain('site/html/page.ts');
  });
});
