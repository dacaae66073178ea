/**
 * Drafts by deploy context (build/deploy-context.ts). In production, and in a build whose context
 * is not said, drafts (and bundles left with fewer than two live skills) appear nowhere: no page,
 * no twin, no listing, no sitemap URL, no llms entry, no link. In a deploy preview or a branch
 * deploy each draft has its page, Markdown twin and JSON twin, with a "Draft" banner and noindex,
 * and nothing else names it: every file production would publish is there byte for byte, and the
 * whole deploy says noindex. One build of test/fixtures/content-drafts per context.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { fromHtml } from 'hast-util-from-html';
import { parseAllHeaders } from '@netlify/headers-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { build } from '../../build/index.ts';
import { RECORD_FILE } from '../../build/output.ts';
import { apiValidator } from '../../build/ajv.ts';
import { DRAFT_LABEL } from '../../site/draft-note.ts';
import { TWIN_FRONT_MATTER_KEYS } from '../../core/twin-front-matter.ts';
import type { Catalog } from '../../core/types.ts';
import { SEARCH_MANIFEST_FILE, searchShardFile } from '../../core/published-files.ts';
import { CONTENT, elements, exists, files, isItemPage, read, splitTwin, textContent } from './dist.ts';

interface Unpublished {
  section: 'skills' | 'bundles';
  slug: string;
  title: string;
}

const frontMatterOf = (path: string) => parseYaml(/^---\n([\s\S]*?)\n---/.exec(readFileSync(path, 'utf8'))![1]) as Record<string, unknown>;
const catalog = JSON.parse(read('catalog.json')) as Catalog;

function unpublished(): Unpublished[] {
  const found: Unpublished[] = [];
  for (const section of ['skills', 'bundles'] as const) {
    const listed = new Set<string>((section === 'skills' ? catalog.skills : catalog.bundles).map((item) => item.slug));
    for (const path of fg.sync('**/*.md', { cwd: join(CONTENT, section), absolute: true })) {
      const slug = basename(path, '.md');
      const data = frontMatterOf(path);
      if (data.draft === true || !listed.has(slug)) found.push({ section, slug, title: String(data.title) });
    }
  }
  return found;
}

describe('unpublished content', () => {
  const hidden = unpublished();
  const published = new Set([...catalog.skills, ...catalog.bundles].map((item) => item.title.toLowerCase()));
  const texts = files('**/*').filter((file) => /\.(html|md|txt|xml|json)$|^_headers$/.test(file)).map((file) => ({ file, text: read(file) }));

  it('includes the drafts of the content (the suite has something to prove)', () => {
    expect(hidden.length).toBeGreaterThan(0);
  });

  it('has no file of its own in dist/', () => {
    for (const { section, slug } of hidden) {
      for (const ext of ['html', 'md', 'json']) expect(exists(`${section}/${slug}.${ext}`), `${section}/${slug}.${ext}`).toBe(false);
    }
  });

  it('is linked, listed or named by no page, twin, listing, sitemap or header rule', () => {
    for (const { section, slug, title } of hidden) {
      const path = new RegExp(`/${section}/${slug}(?![a-z0-9-])`);
      // A draft may share its title with a published item (a v2 in the works); only unique titles tell.
      const checkTitle = !published.has(title.toLowerCase());
      for (const { file, text } of texts) {
        expect(path.test(text), `${file} mentions /${section}/${slug}`).toBe(false);
        if (checkTitle) expect(text.includes(title), `${file} names "${title}"`).toBe(false);
      }
    }
  });

  it('leaves exactly the published items with pages', () => {
    const items = (glob: string) => files(glob).filter(isItemPage);
    expect(items('skills/*.html')).toEqual(catalog.skills.map((skill) => `skills/${skill.slug}.html`).sort());
    expect(items('bundles/*.html')).toEqual(catalog.bundles.map((bundle) => `bundles/${bundle.slug}.html`).sort());
  });
});

const FIXTURE = join(import.meta.dirname, '../fixtures/content-drafts');
const DRAFT_SKILL = { slug: 'quiet-draft', title: 'Quietly drafted interviews' };
const DRAFT_BUNDLE = { slug: 'draft-kit', title: 'Drafted kit of tomorrow' };
const PUBLISHED_SKILLS = ['published-one', 'published-two'];
/** The drafts' own files, under every path they are published at. */
const DRAFT_FILES = ['skills/quiet-draft.html', 'skills/quiet-draft.md', 'skills/quiet-draft.json', 'bundles/draft-kit.html', 'bundles/draft-kit.md', 'bundles/draft-kit.json'];
const namesDraft = (text: string) => [DRAFT_SKILL.slug, DRAFT_SKILL.title, DRAFT_BUNDLE.slug, DRAFT_BUNDLE.title].some((name) => text.includes(name));

interface Built {
  dir: string;
  files: string[];
  read: (file: string) => string;
  /** Every value of each header the compiled `_headers` gives a path (Netlify joins repeated ones). */
  headersFor: (path: string) => Map<string, string[]>;
}

const scratch = mkdtempSync(join(tmpdir(), 'drafts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function buildFor(name: string, CONTEXT: string | undefined): Promise<Built> {
  const dir = join(scratch, name);
  await build({ contentDir: FIXTURE, outDir: dir, cacheDir: null, constantsFile: null, env: { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234', CONTEXT } });
  const { headers, errors } = await parseAllHeaders({ headersFiles: [join(dir, '_headers')], configHeaders: [], minimal: false });
  expect(errors).toEqual([]);
  const rules = headers as { forRegExp: RegExp; values: Record<string, string> }[];
  return {
    dir,
    // The function's files too, which Netlify does not publish (the search index); not the build's
    // record of its folder.
    files: fg.sync('**/*', { cwd: dir, dot: true }).filter((file) => file !== RECORD_FILE).sort(),
    read: (file) => (file.endsWith('.gz') ? gunzipSync(readFileSync(join(dir, file))) : readFileSync(join(dir, file))).toString('utf8'),
    headersFor(path) {
      const merged = new Map<string, string[]>();
      for (const rule of rules.filter((candidate) => candidate.forRegExp.test(path))) {
        for (const [header, value] of Object.entries(rule.values)) merged.set(header.toLowerCase(), [...(merged.get(header.toLowerCase()) ?? []), value]);
      }
      return merged;
    },
  };
}

/** Paths a file answers at: its own, and a page's pretty path. */
const pathsOf = (file: string) => (file.endsWith('.html') && !file.endsWith('index.html') ? [`/${file}`, `/${file.slice(0, -'.html'.length)}`] : [`/${file}`]);
const isText = (file: string) => /\.(html|md|txt|xml|json|json\.gz)$|^_headers$/.test(file);

describe('drafts in each deploy context', () => {
  const built: Record<string, Built> = {};
  beforeAll(async () => {
    // One at a time: the machine's cores are shared, and each build renders on all of them.
    built.production = await buildFor('production', 'production');
    built.unset = await buildFor('unset', undefined);
    built['deploy-preview'] = await buildFor('deploy-preview', 'deploy-preview');
    built['branch-deploy'] = await buildFor('branch-deploy', 'branch-deploy');
  }, 240_000);

  for (const context of ['production', 'unset'] as const) {
    describe(`CONTEXT ${context === 'unset' ? 'not set (a local or CI build)' : context}`, () => {
      it('builds no file of a draft', () => {
        const site = built[context];
        for (const file of DRAFT_FILES) expect(existsSync(join(site.dir, file)), file).toBe(false);
        expect(site.files.filter((file) => file.includes(DRAFT_SKILL.slug) || file.includes(DRAFT_BUNDLE.slug))).toEqual([]);
      });

      it('names no draft in any page, twin, listing, sitemap, llms.txt, catalogue, search index or header rule', () => {
        const site = built[context];
        const texts = site.files.filter(isText);
        expect(texts).toEqual(expect.arrayContaining(['sitemap.xml', 'llms.txt', 'llms-full.txt', 'catalog.json', SEARCH_MANIFEST_FILE, searchShardFile(0), '_headers']));
        for (const file of texts) expect(namesDraft(site.read(file)), file).toBe(false);
      });

      it('lists only the published skills in the catalogue, and the published bundle without the draft', () => {
        const catalog = JSON.parse(built[context].read('catalog.json')) as Catalog;
        expect(catalog.skills.map((skill) => skill.slug).sort()).toEqual(PUBLISHED_SKILLS);
        expect(catalog.bundles.map((bundle) => [bundle.slug, bundle.skills.map((member) => member.slug)])).toEqual([['starter', PUBLISHED_SKILLS]]);
      });

      it('leaves the site indexable: no noindex on pages, only on the files meant for agents', () => {
        const site = built[context];
        for (const path of ['/', '/skills/published-one', '/bundles/starter', '/sitemap.xml', '/robots.txt']) expect(site.headersFor(path).get('x-robots-tag'), path).toBeUndefined();
        expect(site.headersFor('/skills/published-one.md').get('x-robots-tag')).toEqual(['noindex']);
        expect(site.read('skills/published-one.html')).not.toContain('name="robots"');
      });
    });
  }

  it('builds the same files in production and without a context, byte for byte', () => {
    const { production, unset } = built;
    expect(unset.files).toEqual(production.files);
    for (const file of production.files) expect(unset.read(file) === production.read(file), file).toBe(true);
  });

  for (const context of ['deploy-preview', 'branch-deploy'] as const) {
    describe(`CONTEXT ${context}`, () => {
      it('builds each draft\'s page, Markdown twin and JSON twin, under /v1 too', () => {
        const site = built[context];
        for (const file of DRAFT_FILES) {
          expect(site.files, file).toContain(file);
          expect(site.read(`v1/${file}`), file).toBe(site.read(file));
        }
      });

      it('shows a visible "Draft" banner first on the draft\'s page, with <meta name="robots" content="noindex">', () => {
        const site = built[context];
        for (const file of ['skills/quiet-draft.html', 'bundles/draft-kit.html']) {
          const tree = fromHtml(site.read(file));
          const all = elements(tree);
          const robots = all.filter((element) => element.tagName === 'meta' && element.properties.name === 'robots');
          expect(robots.map((element) => element.properties.content), file).toEqual(['noindex']);
          const main = all.find((element) => element.tagName === 'main')!;
          const banner = elements(main).find((element) => (element.properties.className as string[] | undefined)?.includes('draft-banner'));
          expect(banner, file).toBeDefined();
          expect(textContent(banner!), file).toMatch(new RegExp(`^${DRAFT_LABEL}: not published`));
          // Before the page's own heading: the first thing read on the page.
          const order = elements(main).filter((element) => element === banner || element.tagName === 'h1');
          expect(order[0], file).toBe(banner);
        }
        for (const file of ['skills/published-one.html', 'bundles/starter.html', 'index.html']) {
          expect(site.read(file), file).not.toContain('draft-banner');
          expect(site.read(file), file).not.toContain('name="robots"');
        }
      });

      it('names no card on a draft\'s page: the card function has no draft to draw', () => {
        const site = built[context];
        for (const file of ['skills/quiet-draft.html', 'bundles/draft-kit.html']) {
          const all = elements(fromHtml(site.read(file)));
          const card = all.filter((element) => element.tagName === 'meta' && ['og:image', 'twitter:image'].includes(String(element.properties.property ?? element.properties.name)));
          expect(card, file).toEqual([]);
          expect(site.read(file), file).not.toContain('"image":');
        }
        expect(site.read('skills/published-one.html')).toContain('property="og:image"');
      });

      it('says it is a draft in the Markdown twin, whose front matter is a twin\'s like any other', () => {
        const site = built[context];
        for (const [file, title] of [['skills/quiet-draft.md', DRAFT_SKILL.title], ['bundles/draft-kit.md', DRAFT_BUNDLE.title]]) {
          const { matter, keys, markdown } = splitTwin(site.read(file));
          expect(keys, file).toEqual([...TWIN_FRONT_MATTER_KEYS]);
          expect(matter.title, file).toBe(title);
          expect(markdown, file).toMatch(new RegExp(`^\\n# ${title}\\n\\n> \\*\\*${DRAFT_LABEL}\\*\\*: not published`));
        }
      });

      it('publishes the drafts\' JSON twins as the API\'s Skill and Bundle, the draft bundle with its draft skill', () => {
        const site = built[context];
        const skill = JSON.parse(site.read('skills/quiet-draft.json')) as unknown;
        expect(apiValidator('Skill')(skill), JSON.stringify(apiValidator('Skill').errors)).toBe(true);
        const bundle = JSON.parse(site.read('bundles/draft-kit.json')) as { skills: { slug: string }[] };
        expect(apiValidator('Bundle')(bundle), JSON.stringify(apiValidator('Bundle').errors)).toBe(true);
        expect(bundle.skills.map((member) => member.slug)).toEqual(['published-one', DRAFT_SKILL.slug]);
      });

      it('keeps the drafts out of the catalogue, the sitemap, llms.txt, search and every listing: those are production\'s, byte for byte', () => {
        const site = built[context];
        const production = built.production;
        const own = (file: string) => file.replace(/^v1\//, '').includes(DRAFT_SKILL.slug) || file.replace(/^v1\//, '').includes(DRAFT_BUNDLE.slug);
        // Everything production publishes is here unchanged (the header rules aside, below).
        for (const file of production.files.filter((name) => name !== '_headers')) expect(site.read(file) === production.read(file), file).toBe(true);
        // What a preview adds is the drafts' own files (their install page among them) and nothing else.
        const added = site.files.filter((file) => !production.files.includes(file));
        expect(added.filter((file) => !own(file))).toEqual([]);
        for (const file of site.files.filter((name) => isText(name) && !own(name) && name !== '_headers')) expect(namesDraft(site.read(file)), file).toBe(false);
        expect(site.read('sitemap.xml')).not.toContain(DRAFT_SKILL.slug);
        expect(site.read('llms.txt')).not.toContain(DRAFT_SKILL.slug);
      });

      it('marks the whole deploy noindex: every file, drafts included, gets X-Robots-Tag: noindex from one rule', () => {
        const site = built[context];
        for (const file of site.files.filter((name) => !name.startsWith('_'))) {
          for (const path of pathsOf(file)) expect(site.headersFor(path).get('x-robots-tag'), path).toEqual(['noindex']);
        }
      });
    });
  }
});
