/**
 * The sitemap of a catalogue of 4,000 skills, and of 50,000 skills with 5,000 bundles, within the
 * sitemaps.org protocol: each file written validates with xmllint against the schema for its kind
 * (sitemap.xsd for a urlset, siteindex.xsd for the index), holds at most 50,000 URLs and 50 MB, and
 * together they list every page once, in order. The pages are the addresses the page kinds give
 * such a catalogue, made without a model: the sitemap reads nothing else of a page.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_LIMITS, sitemapFiles } from '../../site/sitemap.ts';
import { newestDate } from '../../site/pages/newest.ts';
import { allPages } from '../../site/pages/registry.ts';
import { CLUSTER_IDS } from '../../core/types.ts';
import { SITEMAP_FILE, publishedPath } from '../../core/published-files.ts';
import { majorPrefixes } from '../../core/headers.ts';
import { sitemapHeaders } from '../../core/page-headers.ts';
import { build } from '../../build/index.ts';
import { headerInput, headerRules, topLevelEntries } from '../../site/headers.ts';
import type { CatalogueModel } from '../../site/model.ts';

const BASE = 'https://shop.example';
const SCHEMA = { urlset: join(import.meta.dirname, '../fixtures/sitemap.xsd'), sitemapindex: join(import.meta.dirname, '../fixtures/siteindex.xsd') };

/** A date per page that differs from page to page, some with an offset, none from the clock. */
const dateOf = (i: number) => `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00:00${i % 3 === 0 ? '+02:00' : 'Z'}`;

/** The overview, the clusters, each skill's page and install page, the bundles, the guides. */
function catalogue(skills: number, bundles: number) {
  const paths = [
    '/', '/clusters/', ...CLUSTER_IDS.map((id) => `/clusters/${id}`),
    '/skills/', ...Array.from({ length: skills }, (_, i) => [`/skills/skill-${i}`, `/install/skill-${i}`]).flat(),
    '/bundles/', ...Array.from({ length: bundles }, (_, i) => `/bundles/bundle-${i}`),
    '/docs/', '/docs/api',
  ];
  return paths.map((path, i) => ({ url: `${BASE}${path}`, lastModified: dateOf(i) }));
}

const text = (bytes: string | Uint8Array) => (typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8'));
const entries = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>\s*<lastmod>([^<]*)<\/lastmod>/g)].map(([, url, lastModified]) => ({ url, lastModified }));
const rootOf = (xml: string) => /^<\?xml[^>]*>\n<(urlset|sitemapindex) /.exec(xml)?.[1] as keyof typeof SCHEMA;

let folder: string;
let model: CatalogueModel;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'sitemap-scale-'));
  ({ model } = await build({ contentDir: join(import.meta.dirname, '../fixtures/content-small'), outDir: join(folder, 'dist'), constantsFile: null }));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes the files and validates each against its kind's schema; the files as text, by name. */
function writeAndValidate(name: string, files: ReturnType<typeof sitemapFiles>): Map<string, string> {
  const written = new Map<string, string>();
  for (const file of files) {
    const path = join(folder, `${name}-${file.path}`);
    writeFileSync(path, file.bytes);
    const xml = text(file.bytes);
    const schema = SCHEMA[rootOf(xml)];
    expect(schema, file.path).toBeDefined();
    expect(() => execFileSync('xmllint', ['--noout', '--schema', schema, path], { stdio: 'pipe' }), `${file.path} against ${schema}`).not.toThrow();
    expect(Buffer.byteLength(xml), file.path).toBeLessThanOrEqual(SITEMAP_LIMITS.bytes);
    expect(entries(xml).length, file.path).toBeLessThanOrEqual(SITEMAP_LIMITS.entries);
    written.set(file.path, xml);
  }
  return written;
}

describe('the sitemap at scale', () => {
  it('at 4,000 skills, is one sitemap.xml urlset that validates against sitemap.xsd', () => {
    const pages = catalogue(4_000, 400);
    const written = writeAndValidate('small', sitemapFiles(BASE, pages));
    expect([...written.keys()]).toEqual([SITEMAP_FILE]);
    expect(rootOf(written.get(SITEMAP_FILE)!)).toBe('urlset');
    expect(entries(written.get(SITEMAP_FILE)!)).toEqual(pages);
  });

  it('at 50,000 skills and 5,000 bundles, is an index at sitemap.xml (siteindex.xsd) of urlsets (sitemap.xsd), every page once', () => {
    const pages = catalogue(50_000, 5_000);
    const written = writeAndValidate('large', sitemapFiles(BASE, pages));
    const index = written.get(SITEMAP_FILE)!;
    expect(rootOf(index)).toBe('sitemapindex');
    const parts = [...written].filter(([path]) => path !== SITEMAP_FILE);
    expect(parts.map(([path]) => path)).toEqual(['sitemap-0.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
    expect(parts.every(([, xml]) => rootOf(xml) === 'urlset')).toBe(true);
    expect(parts.flatMap(([, xml]) => entries(xml))).toEqual(pages);
    expect(entries(index)).toEqual(parts.map(([path, xml]) => ({ url: `${BASE}/${path}`, lastModified: newestDate(entries(xml).map((page) => page.lastModified)) })));
  });

  it('gives every sitemap file, under each major\'s prefix too, the sitemap\'s headers by an exact rule', () => {
    // The small fixture's skills, copied under new slugs until the pages pass one file's 50,000 URLs.
    const copies = Math.ceil(SITEMAP_LIMITS.entries / 2 / model.skills.length) + 1;
    const skills = Array.from({ length: copies }, (_, n) => model.skills.map((entry) => ({ ...entry, skill: { ...entry.skill, slug: `${entry.skill.slug}-${n}` } }))).flat();
    const large = { ...model, skills };
    const files = ['sitemap.xml', 'sitemap-0.xml', 'sitemap-1.xml'];
    // The rules follow the files the build writes, as its _headers does (emitHeaders).
    const written = sitemapFiles(large.site.baseUrl, allPages(large)).map((file) => file.path);
    expect(written).toEqual(files);
    const paths = [...files, ...majorPrefixes().flatMap((prefix) => files.map((file) => `${prefix.slice(1)}/${file}`))].map(publishedPath);
    const rules = headerRules(headerInput(large), { topLevel: topLevelEntries(written) });
    const sitemapRules = rules.filter((rule) => rule.path.includes('sitemap') && rule.headers['content-type'] === sitemapHeaders()['content-type']);
    expect(sitemapRules.map((rule) => rule.path).sort()).toEqual([...paths].sort());
    for (const path of paths) expect(sitemapRules.filter((rule) => rule.path === path).map((rule) => rule.headers), path).toEqual([sitemapHeaders()]);
  });
});
