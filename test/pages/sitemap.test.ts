/** sitemap.xml valid against the sitemaps.org 0.9 schema (xmllint), listing exactly the indexable
 * pages, absolute, each with a lastmod; robots.txt naming it. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGitLog } from '../../build/content-dates.ts';
import { newestDate } from '../../site/pages/newest.ts';
import type { Catalog } from '../../core/types.ts';
import { DIST, baseUrl, htmlFiles, pagePathOf, read } from './dist.ts';

const XSD = join(import.meta.dirname, '../fixtures/sitemap.xsd');
const sitemap = read('sitemap.xml');
const entries = [...sitemap.matchAll(/<url>\s*<loc>([^<]*)<\/loc>\s*<lastmod>([^<]*)<\/lastmod>\s*<\/url>/g)].map(([, loc, lastmod]) => ({ loc, lastmod }));

describe('sitemap.xml', () => {
  it('validates against the sitemaps.org 0.9 XSD', () => {
    const run = () => execFileSync('xmllint', ['--noout', '--schema', XSD, join(DIST, 'sitemap.xml')], { encoding: 'utf8', stdio: 'pipe' });
    expect(run).not.toThrow();
  });

  it('lists every HTML page but the 404, once, by absolute URL', () => {
    const base = baseUrl();
    const expected = htmlFiles().filter((file) => file !== '404.html').map((file) => `${base}${pagePathOf(file)}`).sort();
    expect(entries.map((entry) => entry.loc.replace(/\/$/, '')).sort()).toEqual(expected.map((url) => url.replace(/\/$/, '')).sort());
    expect(entries.map((entry) => entry.loc)).toContain(`${base}/`);
    expect(sitemap.match(/<url>/g)).toHaveLength(entries.length);
  });

  it('gives every URL a W3C date-time lastmod, and the overview the newest of its items', () => {
    for (const { loc, lastmod } of entries) expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/);
    const catalog = JSON.parse(read('catalog.json')) as Catalog;
    const dateOf = (url: string) => entries.find((entry) => entry.loc === url)!.lastmod;
    const items = [...catalog.skills, ...catalog.bundles].map((item) => dateOf(item.url));
    expect(dateOf(`${baseUrl()}/`)).toBe(newestDate(items));
  });
});

describe('robots.txt', () => {
  it('allows everything and names the sitemap by absolute URL', () => {
    const robots = read('robots.txt');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).not.toMatch(/^Disallow: \S/m);
    expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml\n`);
  });
});

describe('content dates from one git log', () => {
  it('keep the newest commit date of each file, and its oldest', () => {
    const log = '\u00002026-03-02T10:00:00+01:00\n\ncontent/skills/a.md\n\n\u00002026-01-01T00:00:00Z\n\ncontent/skills/a.md\ncontent/skills/b.md\n';
    const { last, first } = parseGitLog(log);
    expect([...last]).toEqual([
      ['content/skills/a.md', '2026-03-02T10:00:00+01:00'],
      ['content/skills/b.md', '2026-01-01T00:00:00Z'],
    ]);
    expect([...first]).toEqual([
      ['content/skills/a.md', '2026-01-01T00:00:00Z'],
      ['content/skills/b.md', '2026-01-01T00:00:00Z'],
    ]);
  });

  it('compare instants, not strings, across offsets', () => {
    expect(newestDate(['2026-01-01T10:00:00+02:00', '2026-01-01T09:30:00Z'])).toBe('2026-01-01T09:30:00Z');
    expect(newestDate([])).toBeUndefined();
  });
});
