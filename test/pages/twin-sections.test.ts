/**
 * Whatever an editor writes, each twin is a closed, self-contained section: an unclosed fence,
 * an unclosed HTML comment, a link definition or a footnote in one body changes nothing in the
 * next twin of llms-full.txt, and a title with a line break cannot break llms.txt's one-line
 * entries (robust by construction, not by validation: the content schema refuses such titles too).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import type { Heading, List, Nodes, Root } from 'mdast';
import { build } from '../../build/index.ts';
import { siteFrame } from '../../build/emit/assets.ts';
import { llmsTxt } from '../../site/llms.ts';
import type { CatalogueModel } from '../../site/model.ts';

const SMALL = fileURLToPath(new URL('../fixtures/content-small/', import.meta.url));
const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' };

const parser = unified().use(remarkParse).use(remarkGfm);
const parse = (text: string) => parser.runSync(parser.parse(text)) as Root;
const nodesOf = (node: Nodes): Nodes[] => [node, ...('children' in node ? node.children.flatMap(nodesOf) : [])];
const textOf = (node: Nodes): string => ('value' in node ? node.value : 'children' in node ? node.children.map(textOf).join('') : '');

/** Bodies that would each swallow or change what follows them if copied as written. */
const BODIES: Record<string, string> = {
  'skills/alpha.md': 'Alpha opens a fence and never closes it.\n\n```js\nconst open = true;\n\n# Not a heading\n',
  'skills/beta.md': 'Beta defines a link for others and has a note.[^1]\n\n[shared]: https://evil.example/\n\n[^1]: Beta’s note.\n',
  'skills/gamma.md': 'Gamma uses [shared] and [^1] without defining them.\n\n<!-- an unclosed comment\n\n<div>\n',
  'bundles/starter.md': '~~~\nThe bundle’s fence of tildes, also open\n',
};

let work: string;
let out: string;
let model: CatalogueModel;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'twin-sections-'));
  const content = join(work, 'content');
  out = join(work, 'dist');
  await cp(SMALL, content, { recursive: true });
  for (const [file, body] of Object.entries(BODIES)) {
    const text = await readFile(join(content, file), 'utf8');
    await writeFile(join(content, file), text.replace(/\n---\n[\s\S]*$/, `\n---\n${body}`));
  }
  ({ model } = await build({ contentDir: content, outDir: out, constantsFile: null, env: ENV }));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('twins of bodies left open', () => {
  it('close every construct the body opened: the next thing after a twin starts a section of its own', async () => {
    for (const file of Object.keys(BODIES)) {
      const twin = await readFile(join(out, file), 'utf8');
      const tree = parse(`${twin}\n# After\n`);
      expect(tree.children.at(-1), file).toMatchObject({ type: 'heading', depth: 1 });
      expect(nodesOf(tree).filter((node) => node.type === 'html' || node.type === 'definition'), file).toEqual([]);
    }
  });

  it('keep the body’s content: the open fence’s code, the text around what was dropped', async () => {
    const alpha = await readFile(join(out, 'skills/alpha.md'), 'utf8');
    expect(alpha).toContain('```js\nconst open = true;\n\n# Not a heading\n```\n');
    const gamma = await readFile(join(out, 'skills/gamma.md'), 'utf8');
    expect(gamma).toContain('Gamma uses');
  });

  it('in llms-full.txt, give every skill and bundle its own H1, whatever the twin before it held', async () => {
    const tree = parse(await readFile(join(out, 'llms-full.txt'), 'utf8'));
    const titles = tree.children.filter((node): node is Heading => node.type === 'heading' && node.depth === 1).map(textOf);
    for (const { skill } of model.skills) expect(titles, skill.slug).toContain(skill.title);
    for (const { bundle } of model.bundles) expect(titles, bundle.slug).toContain(bundle.title);
    expect(nodesOf(tree).filter((node) => node.type === 'code').map((node) => textOf(node))).toEqual(
      expect.arrayContaining(['const open = true;\n\n# Not a heading', 'The bundle’s fence of tildes, also open']),
    );
  });

  it('in llms-full.txt, let no twin define a link or answer a footnote for another', async () => {
    const tree = parse(await readFile(join(out, 'llms-full.txt'), 'utf8'));
    const nodes = nodesOf(tree);
    expect(nodes.filter((node) => node.type === 'definition')).toEqual([]);
    expect(nodes.filter((node) => node.type === 'link').map((node) => (node as { url: string }).url)).not.toContain('https://evil.example/');
    // Beta's note is Beta's: Gamma's [^1] names no note of its own, so it stays text.
    const references = nodes.filter((node) => node.type === 'footnoteReference').map((node) => (node as { identifier: string }).identifier);
    const definitions = nodes.filter((node) => node.type === 'footnoteDefinition').map((node) => (node as { identifier: string }).identifier);
    expect(definitions).toHaveLength(new Set(definitions).size);
    for (const identifier of references) expect(definitions).toContain(identifier);
    expect(references).toHaveLength(1);
  });
});

describe('llms.txt with line breaks in editors’ text', () => {
  it('keeps every entry on one line and every heading where the proposal puts it', () => {
    const frame = siteFrame(model);
    const broken = (text: string) => `${text}\n# Injected heading\n- [injected](https://evil.example/)\u2028more`;
    const hostileFrame = {
      ...frame,
      site: { ...frame.site, name: broken(frame.site.name), description: broken(frame.site.description) },
      clusters: frame.clusters.map((cluster) => ({ ...cluster, label: broken(cluster.label), question: broken(cluster.question) })),
    };
    const catalog = {
      ...model.catalog,
      skills: model.catalog.skills.map((skill) => ({ ...skill, title: broken(skill.title), author: broken(skill.author), summary: broken(skill.summary ?? 'x') })),
      bundles: model.catalog.bundles.map((bundle) => ({ ...bundle, title: broken(bundle.title), blurb: broken(bundle.blurb) })),
    };
    const docs = [{ path: 'docs/api', title: broken('API guide'), description: broken('How to read it') }];
    const text = llmsTxt(hostileFrame, catalog, docs);
    const tree = parse(text);
    expect(text.startsWith('# ')).toBe(true);
    const headings = tree.children.filter((node): node is Heading => node.type === 'heading');
    expect(headings.map((heading) => heading.depth)).toEqual([1, ...frame.clusters.map(() => 2), 2, 2]);
    expect(headings.map(textOf)).not.toContain('Injected heading');
    for (const list of tree.children.filter((node): node is List => node.type === 'list')) {
      for (const item of list.children) {
        expect(item.children.map((child) => child.type)).toEqual(['paragraph']);
        expect(textOf(item)).not.toMatch(/[\n\u2028]/);
        // Each entry starts with its own link to this site; nothing injected became a list or heading.
        const [link] = (item.children[0] as { children: Nodes[] }).children;
        expect(link).toMatchObject({ type: 'link', url: expect.stringMatching(/^https:\/\/skillshelf\.netlify\.app\//) });
        expect(nodesOf(item).filter((node) => node.type === 'list' || node.type === 'heading')).toEqual([]);
      }
    }
    // Every entry is one line of the file.
    for (const line of text.split('\n').filter((line) => line.startsWith('- '))) expect(line).toMatch(/^- \[[^\n]+\]\([^)\s]+\)(: .*)?$/);
  });
});
