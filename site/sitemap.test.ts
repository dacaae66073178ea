/**
 * The sitemap split by the protocol's limits, with small limits so that a handful of pages shows
 * it: by URLs, by bytes, in page order, the index dating each part by its newest page.
 * test/build/sitemap-at-scale.test.ts validates the files of a 50,000-skill catalogue.
 */
import { describe, expect, it } from 'vitest';
import { SITEMAP_LIMITS, sitemapFiles } from './sitemap.ts';
import { isSitemapFile } from '../core/published-files.ts';
import { PublishLimitError } from './errors.ts';

const BASE = 'https://shop.example';
const page = (slug: string, lastModified = '2026-01-01T00:00:00Z') => ({ url: `${BASE}/skills/${slug}`, lastModified });
const pages = Array.from({ length: 7 }, (_, i) => page(`s${i}`, `2026-01-0${i + 1}T00:00:00Z`));
const text = (bytes: string | Uint8Array) => (typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8'));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc);
const entries = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>\s*<lastmod>([^<]*)<\/lastmod>/g)].map(([, loc, lastmod]) => ({ loc, lastmod }));

describe('sitemapFiles', () => {
  it('keeps one sitemap.xml urlset, byte for byte as before, while the pages fit', () => {
    const files = sitemapFiles(BASE, pages.slice(0, 2));
    expect(files).toEqual([{
      path: 'sitemap.xml',
      bytes: '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        + `  <url>\n    <loc>${BASE}/skills/s0</loc>\n    <lastmod>2026-01-01T00:00:00Z</lastmod>\n  </url>\n`
        + `  <url>\n    <loc>${BASE}/skills/s1</loc>\n    <lastmod>2026-01-02T00:00:00Z</lastmod>\n  </url>\n`
        + '</urlset>\n',
    }]);
    expect(sitemapFiles(BASE, pages, { entries: pages.length, bytes: SITEMAP_LIMITS.bytes }).map((file) => file.path)).toEqual(['sitemap.xml']);
  });

  it('past the URL limit, makes sitemap.xml an index of numbered urlsets, in page order', () => {
    const files = sitemapFiles(BASE, pages, { entries: 3, bytes: SITEMAP_LIMITS.bytes });
    expect(files.map((file) => file.path)).toEqual(['sitemap.xml', 'sitemap-0.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
    const [index, ...parts] = files.map((file) => text(file.bytes));
    expect(index).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/);
    expect(locs(index)).toEqual(['sitemap-0.xml', 'sitemap-1.xml', 'sitemap-2.xml'].map((file) => `${BASE}/${file}`));
    expect(parts.map((part) => locs(part).length)).toEqual([3, 3, 1]);
    expect(parts.flatMap(locs)).toEqual(pages.map((each) => each.url));
    for (const part of parts) expect(part).toMatch(/<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  });

  it('dates each numbered sitemap in the index by the newest page inside it, comparing instants', () => {
    const dated = [page('a', '2026-03-01T10:00:00+02:00'), page('b', '2026-03-01T09:00:00Z'), page('c', '2026-01-01T00:00:00Z'), page('d', '2025-12-31T00:00:00Z')];
    const [index] = sitemapFiles(BASE, dated, { entries: 2, bytes: SITEMAP_LIMITS.bytes });
    expect(entries(text(index.bytes))).toEqual([
      { loc: `${BASE}/sitemap-0.xml`, lastmod: '2026-03-01T09:00:00Z' },
      { loc: `${BASE}/sitemap-1.xml`, lastmod: '2026-01-01T00:00:00Z' },
    ]);
  });

  // Long addresses, so that a byte limit which splits the pages still holds the index of the parts.
  const long = (i: number, letter = 'x') => page(`${letter.repeat(300)}-${i}`);

  it('past the byte limit, splits by UTF-8 bytes, a file exactly at the limit allowed', () => {
    // Two-byte characters: a limit counted in characters would let a file pass it.
    const wide = Array.from({ length: 6 }, (_, i) => long(i, 'ü'));
    const whole = text(sitemapFiles(BASE, wide.slice(0, 2))[0].bytes);
    const limit = Buffer.byteLength(whole);
    const files = sitemapFiles(BASE, wide, { entries: SITEMAP_LIMITS.entries, bytes: limit });
    const parts = files.slice(1).map((file) => text(file.bytes));
    expect(parts.map((part) => locs(part).length)).toEqual([2, 2, 2]);
    expect(parts[0]).toBe(whole);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(limit);
    expect(sitemapFiles(BASE, wide.slice(0, 4), { entries: SITEMAP_LIMITS.entries, bytes: limit - 1 })).toHaveLength(1 + 4);
  });

  it('splits on whichever limit comes first', () => {
    // The pages' entries are all of one length, so a file of two is a byte limit that fits two.
    const seven = Array.from({ length: 7 }, (_, i) => long(i));
    const twoEntries = Buffer.byteLength(text(sitemapFiles(BASE, seven.slice(0, 2))[0].bytes));
    const counts = (limits: { entries: number; bytes: number }) => sitemapFiles(BASE, seven, limits).slice(1).map((file) => locs(text(file.bytes)).length);
    expect(counts({ entries: 4, bytes: twoEntries * 10 })).toEqual([4, 3]);
    expect(counts({ entries: 4, bytes: twoEntries })).toEqual([2, 2, 2, 1]);
  });

  it('stops with the URL named when one entry alone passes the byte limit, or the parts pass what an index may list', () => {
    expect(() => sitemapFiles(BASE, pages, { entries: 10, bytes: 200 })).toThrow(`sitemap.xml: the entry for ${BASE}/skills/s0 alone passes the sitemap limit of 200 bytes`);
    expect(() => sitemapFiles(BASE, pages, { entries: 10, bytes: 200 })).toThrow(PublishLimitError);
    expect(() => sitemapFiles(BASE, pages, { entries: 2, bytes: SITEMAP_LIMITS.bytes })).toThrow('sitemap.xml: 4 sitemaps pass what one sitemap index may list (2 entries');
  });

  it('holds the protocol\'s limits: 50,000 URLs and 50 MB (52,428,800 bytes) per file', () => {
    expect(SITEMAP_LIMITS).toEqual({ entries: 50_000, bytes: 52_428_800 });
  });

  it('knows its files by name', () => {
    expect(['sitemap.xml', 'sitemap-0.xml', 'sitemap-12.xml'].filter(isSitemapFile)).toHaveLength(3);
    expect(['sitemap-.xml', 'sitemap-a.xml', 'sitemap-1.xml.gz', 'skills/sitemap-1.xml', 'sitemap.xsd'].filter(isSitemapFile)).toEqual([]);
  });
});
