/**
 * Listings over pages, in the pure site layer: how many pages, where each lives, and what the
 * pages and twins of `/skills/`, `/bundles/` and a cluster link, at the boundaries (no item, one
 * page exactly, one item more). test/build/listings-at-scale.test.ts walks 10,000 and 50,000 skills.
 */
import { describe, expect, it } from 'vitest';
import { indexCatalog } from '../../core/query.ts';
import { markdownTwinPath } from '../../core/negotiate.ts';
import { CLUSTER_IDS } from '../../core/types.ts';
import type { Bundle, Catalog, ClusterId, Skill } from '../../core/types.ts';
import { bundle, catalog as fixture, skill } from '../../test/fixtures/catalog.ts';
import type { OutputFile } from '../types.ts';
import type { PageFrame } from './frame.ts';
import type { ListingKind } from './kind.ts';
import { bundleIndexKind } from './bundle-index.ts';
import { clusterKind, clusterRef } from './cluster.ts';
import { skillIndexKind } from './skill-index.ts';
import { bundleIndexAt, bundleIndexRef, clusterIndexAt, clusterIndexRef, skillIndexAt, skillIndexRef } from './page-ref.ts';
import { FLAT_LAYOUT } from '../../core/page-paths.ts';
import { LISTING_PAGE_SIZE, listingPageLocations, listingPageRef, listingPageRefs, listingPages, pageCount } from './pagination.ts';

const BASE = 'https://shop.example';
const frame: PageFrame = {
  site: { name: 'Shop', description: 'Skills.', baseUrl: BASE, documentationUrl: `${BASE}/docs/api`, singleCents: 1900, shop: null },
  pricingRule: 'Every third skill is free.',
  clusters: CLUSTER_IDS.map((id) => ({ id, label: `Label ${id}`, question: `${id}?` })),
  guideHref: '/docs/api',
  docPaths: [],
  assets: {
    stylesheet: { href: '/assets/site.css', integrity: 'sha384-x' },
    icon: { href: '/assets/icon.svg' },
    searchScript: { href: '/assets/search.js', integrity: 'sha384-y' },
  },
  layout: FLAT_LAYOUT,
};
const skillsRef = skillIndexRef(frame.site);

/** `n` skills, each first in `cluster`, or else the clusters' share each in a run, in catalogue order. */
const skills = (n: number, cluster?: ClusterId): Skill[] =>
  Array.from({ length: n }, (_, i) => skill(`skill-${i}`, `Skill ${i}`, [cluster ?? CLUSTER_IDS[Math.floor((i * CLUSTER_IDS.length) / n)]]));
const bundles = (n: number, members: Skill[]): Bundle[] => Array.from({ length: n }, (_, i) => bundle(`bundle-${i}`, members.slice(0, 2)));
const catalogOf = (skillList: Skill[], bundleList: Bundle[] = []): Catalog => ({ ...fixture, skill_count: skillList.length, skills: skillList, bundles: bundleList });

/** A kind's files for a catalogue, by path, as text. */
function render(kind: ListingKind, catalog: Catalog): Map<string, string> {
  const files: OutputFile[] = kind.tasks(frame, { catalog, index: indexCatalog(catalog), docs: [] }).flatMap(({ input }) => kind.render(frame, input));
  return new Map(files.map((file) => [file.path, typeof file.bytes === 'string' ? file.bytes : Buffer.from(file.bytes).toString('utf8')]));
}

const linkRel = (html: string, rel: string) => [...html.matchAll(/<link rel="([a-z]+)" href="([^"]*)">/g)].filter(([, name]) => name === rel).map(([, , href]) => href);
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const cards = (html: string) => html.match(/<li class="card">/g)?.length ?? 0;
const twinLines = (twin: string) => twin.match(/^- \[/gm)?.length ?? 0;

describe('pageCount', () => {
  it.each([[0, 1], [1, 1], [LISTING_PAGE_SIZE, 1], [LISTING_PAGE_SIZE + 1, 2], [2 * LISTING_PAGE_SIZE, 2], [2 * LISTING_PAGE_SIZE + 1, 3]])('%i items fill %i page(s)', (items, pages) => {
    expect(pageCount(items)).toBe(pages);
  });
});

describe('a listing page\'s address', () => {
  it('keeps page 1 where the listing is, and puts page N in the listing\'s own page/ folder', () => {
    expect(listingPageRef(BASE, skillsRef, 1, 3)).toBe(skillsRef);
    expect(listingPageRef(BASE, skillsRef, 2, 3)).toEqual({
      ...skillsRef,
      path: '/skills/page/2/',
      htmlFile: 'skills/page/2/index.html',
      markdownFile: 'skills/page/2/index.md',
      markdownPath: '/skills/page/2/index.md',
      url: `${BASE}/skills/page/2/`,
      markdownUrl: `${BASE}/skills/page/2/index.md`,
      title: 'Skills, page 2 of 3',
    });
    const cluster = clusterRef(BASE, frame.clusters[0]);
    expect(listingPageRef(BASE, cluster, 3, 3)).toMatchObject({ path: '/clusters/ideas/page/3/', htmlFile: 'clusters/ideas/page/3/index.html', jsonPath: '/clusters/ideas.json', title: 'Label ideas, page 3 of 3' });
  });

  it('gives every page a distinct title and path, and a twin the negotiation finds from its path', () => {
    for (const first of [skillsRef, bundleIndexRef(frame.site), clusterRef(BASE, frame.clusters[2])]) {
      const refs = listingPageRefs(BASE, first, 5 * LISTING_PAGE_SIZE);
      expect(refs).toHaveLength(5);
      expect(new Set(refs.map((ref) => ref.title)).size).toBe(5);
      expect(new Set(refs.map((ref) => ref.path)).size).toBe(5);
      for (const ref of refs) {
        expect(markdownTwinPath(ref.path), ref.path).toBe(ref.markdownPath);
        expect(markdownTwinPath(`/v1${ref.path}`), ref.path).toBe(ref.markdownPath);
        expect(ref.jsonPath).toBe(first.jsonPath);
      }
    }
  });

  it("locates every page from the site's address alone as its ref does, so the sitemap need not know the shop's name", () => {
    const located = [[skillsRef, skillIndexAt(BASE)], [bundleIndexRef(frame.site), bundleIndexAt(BASE)], [clusterIndexRef(frame.site), clusterIndexAt(BASE)]] as const;
    for (const [first, location] of located) {
      const items = 2 * LISTING_PAGE_SIZE + 1;
      expect(listingPageLocations(BASE, location, items)).toEqual(listingPageRefs(BASE, first, items).map(({ title: _title, description: _description, ...rest }) => rest));
    }
  });

  it('slices the items in order, each page linked to its neighbours', () => {
    const items = Array.from({ length: 2 * LISTING_PAGE_SIZE + 1 }, (_, i) => i);
    const pages = listingPages(BASE, skillsRef, items);
    expect(pages.map((page) => page.items.length)).toEqual([LISTING_PAGE_SIZE, LISTING_PAGE_SIZE, 1]);
    expect(pages.flatMap((page) => page.items)).toEqual(items);
    expect(pages.map((page) => [page.previous?.path, page.next?.path])).toEqual([
      [undefined, '/skills/page/2/'], ['/skills/', '/skills/page/3/'], ['/skills/page/2/', undefined],
    ]);
    expect(listingPages(BASE, skillsRef, [])).toEqual([{ number: 1, count: 1, items: [], ref: skillsRef, first: skillsRef, previous: undefined, next: undefined }]);
  });
});

describe('/skills/ over pages', () => {
  it('with no skill, is one page that says so, with no pager', () => {
    const files = render(skillIndexKind, catalogOf([]));
    expect([...files.keys()]).toEqual(['skills/index.html', 'skills/index.md']);
    expect(files.get('skills/index.html')).toContain('No skill is published yet.');
    expect(files.get('skills/index.md')).toContain('No skill is published yet.');
    expect(files.get('skills/index.html')).not.toMatch(/rel="(prev|next)"|Page 1 of/);
  });

  it(`with exactly ${LISTING_PAGE_SIZE} skills, is one page of them all, with no pager`, () => {
    const files = render(skillIndexKind, catalogOf(skills(LISTING_PAGE_SIZE)));
    expect([...files.keys()]).toEqual(['skills/index.html', 'skills/index.md']);
    expect(cards(files.get('skills/index.html')!)).toBe(LISTING_PAGE_SIZE);
    expect(twinLines(files.get('skills/index.md')!)).toBe(LISTING_PAGE_SIZE);
    expect(files.get('skills/index.html')).not.toMatch(/rel="(prev|next)"|Page 1 of|page\/2/);
    expect(files.get('skills/index.md')).not.toMatch(/Page 1 of|page\/2/);
  });

  it(`with ${LISTING_PAGE_SIZE + 1} skills, is two pages linked both ways, each canonical to itself`, () => {
    const files = render(skillIndexKind, catalogOf(skills(LISTING_PAGE_SIZE + 1)));
    expect([...files.keys()]).toEqual(['skills/index.html', 'skills/index.md', 'skills/page/2/index.html', 'skills/page/2/index.md']);
    const [one, two] = [files.get('skills/index.html')!, files.get('skills/page/2/index.html')!];
    expect([cards(one), cards(two)]).toEqual([LISTING_PAGE_SIZE, 1]);
    expect([linkRel(one, 'prev'), linkRel(one, 'next')]).toEqual([[], ['/skills/page/2/']]);
    expect([linkRel(two, 'prev'), linkRel(two, 'next')]).toEqual([['/skills/'], []]);
    expect([canonical(one), canonical(two)]).toEqual([`${BASE}/skills/`, `${BASE}/skills/page/2/`]);
    expect([title(one), title(two)]).toEqual(['Skills · Shop', 'Skills, page 2 of 2 · Shop']);
    expect(one).toContain('<nav class="section" aria-label="Pages"><p>Page 1 of 2</p><ul class="chips"><li><a href="/skills/page/2/" rel="next">Next page</a></li></ul></nav>');
    expect(two).toContain('<nav class="section" aria-label="Pages"><p>Page 2 of 2</p><ul class="chips"><li><a href="/skills/" rel="prev">Previous page</a></li></ul></nav>');
    expect(two).toContain('<link rel="alternate" type="text/markdown" href="/skills/page/2/index.md">');
    expect(files.get('skills/index.md')).toContain(`Page 1 of 2: [next page](${BASE}/skills/page/2/index.md).`);
    expect(files.get('skills/page/2/index.md')).toContain(`Page 2 of 2: [previous page](${BASE}/skills/index.md).`);
    expect(files.get('skills/page/2/index.md')).toMatch(new RegExp(`^---\\ntitle: Skills, page 2 of 2\\n[^]*\\nurl: ${BASE}/skills/page/2/\\ntype: skill-index\\n`));
  });

  it('files each page\'s skills under their cluster, and jumps to the page where each cluster starts', () => {
    const files = render(skillIndexKind, catalogOf(skills(3 * LISTING_PAGE_SIZE)));
    const two = files.get('skills/page/2/index.html')!;
    // The first cluster starts on page 1, and the last on page 3.
    expect(two).toContain(`<a href="/skills/#cluster-${CLUSTER_IDS[0]}">`);
    expect(two).toContain(`<a href="/skills/page/3/#cluster-${CLUSTER_IDS.at(-1)}">`);
    const here = [...two.matchAll(/<section class="section" id="cluster-([a-z]+)"/g)].map(([, id]) => id);
    for (const id of here.slice(1)) expect(two).toContain(`<a href="#cluster-${id}">`);
  });
});

describe('/bundles/ over pages', () => {
  it(`with ${LISTING_PAGE_SIZE + 1} bundles, is two pages, the count of all of them on each`, () => {
    const files = render(bundleIndexKind, catalogOf(fixture.skills, bundles(LISTING_PAGE_SIZE + 1, fixture.skills)));
    expect([...files.keys()]).toEqual(['bundles/index.html', 'bundles/index.md', 'bundles/page/2/index.html', 'bundles/page/2/index.md']);
    expect(cards(files.get('bundles/page/2/index.html')!)).toBe(1);
    for (const html of [files.get('bundles/index.html')!, files.get('bundles/page/2/index.html')!]) expect(html).toContain(`${LISTING_PAGE_SIZE + 1} bundles`);
    expect(linkRel(files.get('bundles/page/2/index.html')!, 'prev')).toEqual(['/bundles/']);
  });
});

describe('a cluster\'s page over pages', () => {
  it('lists its skills, then its bundles, a page of at most the page size each, the pages linked in order', () => {
    const members = skills(LISTING_PAGE_SIZE + 50, 'ideas');
    const files = render(clusterKind, catalogOf(members, bundles(60, members)));
    const pages = ['clusters/ideas.html', 'clusters/ideas/page/2/index.html', 'clusters/ideas/page/3/index.html'];
    expect([...files.keys()].filter((path) => path.startsWith('clusters/ideas'))).toEqual(pages.flatMap((page) => [page, page.replace(/\.html$/, '.md')]));
    const html = pages.map((page) => files.get(page)!);
    expect(html.map(cards)).toEqual([LISTING_PAGE_SIZE, 100, 10]);
    expect(html.map((page) => /id="bundles"/.test(page))).toEqual([false, true, true]);
    expect(html.map((page) => /id="skills"/.test(page))).toEqual([true, true, false]);
    expect(html.map((page) => linkRel(page, 'next'))).toEqual([['/clusters/ideas/page/2/'], ['/clusters/ideas/page/3/'], []]);
    expect(html.map((page) => linkRel(page, 'prev'))).toEqual([[], ['/clusters/ideas'], ['/clusters/ideas/page/2/']]);
    expect(html.map(title)).toEqual(['Label ideas · Shop', 'Label ideas, page 2 of 3 · Shop', 'Label ideas, page 3 of 3 · Shop']);
    // The other clusters have no member: one page each, that says so.
    expect(files.get('clusters/ship.html')).toContain('No published skill answers this question yet.');
    expect(files.has('clusters/ship/page/2/index.html')).toBe(false);
  });
});
