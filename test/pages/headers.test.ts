/**
 * Every file of dist/ against `dist/_headers` as Netlify compiles it: the rules read by
 * @netlify/headers-parser (the parser netlify-cli and the build use) and matched the way
 * netlify-cli's `headersForPath` matches them, each request path against each rule's `forRegExp`.
 * Each file, at every path it answers, gets exactly the headers meant for its type, no more and no
 * less, and no header name from two rules (production would join the two values). Run over the
 * sample content and over a fixture whose slugs end in the letters of extensions (`cmd`,
 * `readme-md`, `config-json`, `notes-txt`, `sitemap-xml`), which a pattern such as `/*.md`
 * catches: Netlify compiles it to `^/(.*).md/?$`, where `.` is any character.
 * test/e2e/page-headers.test.ts checks them over HTTP.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { parseAllHeaders } from '@netlify/headers-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../build/index.ts';
import { netlifyPathPattern } from '../../site/headers.ts';
import { apiHeaders, majorPrefixes } from '../../core/headers.ts';
import type { BuildStamp, HeaderSet } from '../../core/headers.ts';
import {
  adminHeaders, agentOnlyHeaders, CONTENT_SECURITY_POLICY, feedHeaders, framingHeaders, markdownTwinHeaders, negotiatedPageHeaders, plainTextHeaders, securityHeaders, sitemapHeaders,
} from '../../core/page-headers.ts';
import { DIST } from './dist.ts';
import { mirrored } from '../../site/headers.ts';
import { ADMIN_DIR } from '../../site/admin-config.ts';
import { FEED_FORMATS, FEEDS_DIR, feedFile, isSitemapFile } from '../../core/published-files.ts';
import type { FeedFormat } from '../../core/published-files.ts';

const MAJOR_FOLDER = new RegExp(`^(${majorPrefixes().map((prefix) => prefix.slice(1)).join('|')})/`);

interface CompiledRule {
  for: string;
  forRegExp: RegExp;
  values: Record<string, string>;
}

interface BuiltSite {
  dir: string;
  rules: CompiledRule[];
  files: string[];
  stamp: BuildStamp;
}

async function site(dir: string): Promise<BuiltSite> {
  const { headers, errors } = await parseAllHeaders({ headersFiles: [join(dir, '_headers')], configHeaders: [], minimal: false });
  expect(errors).toEqual([]);
  const version = JSON.parse(readFileSync(join(dir, 'version.json'), 'utf8')) as Record<string, string>;
  return {
    dir,
    rules: headers as CompiledRule[],
    // Netlify publishes neither `_headers` nor `_redirects`: they are read, not served.
    files: fg.sync('**/*', { cwd: dir }).filter((file) => !file.startsWith('_')).sort(),
    stamp: { buildVersion: version['x-build-version'], baseUrl: version['x-base-url'] },
  };
}

/** The paths a file answers at: its own, and a page's pretty path (`/skills/x` for skills/x.html). */
function pathsOf(file: string): string[] {
  if (file === 'index.html') return ['/index.html', '/'];
  // A folder's index page: `/skills/`, and `/skills`, which Netlify redirects there.
  if (file.endsWith('/index.html')) return [`/${file}`, `/${file.slice(0, -'index.html'.length)}`, `/${file.slice(0, -'/index.html'.length)}`];
  if (file.endsWith('.html') && file !== '404.html') return [`/${file}`, `/${file.slice(0, -'.html'.length)}`];
  return [`/${file}`];
}

/** Every header every matching rule gives a path, each value kept, lower-case names. */
function headersFor(rules: readonly CompiledRule[], path: string): Map<string, string[]> {
  const merged = new Map<string, string[]>();
  for (const rule of rules.filter((candidate) => candidate.forRegExp.test(path))) {
    for (const [name, value] of Object.entries(rule.values)) merged.set(name.toLowerCase(), [...(merged.get(name.toLowerCase()) ?? []), value]);
  }
  return merged;
}

/** What a file of each type is meant to carry, from the header module, by the file's type alone;
 * the same under a major's prefix (`v1/…`) as without it. */
function meantFor(pathInDist: string, stamp: BuildStamp): HeaderSet {
  const file = pathInDist.replace(MAJOR_FOLDER, '');
  // The content editor: its own Content-Security-Policy instead of the pages', and noindex.
  if (isAdminFile(file)) return { ...apiHeaders(stamp), ...framingHeaders(), ...adminHeaders() };
  const every = { ...apiHeaders(stamp), ...securityHeaders() };
  const inSection = file.includes('/') && !file.startsWith('assets/');
  if (file === '404.html' || file.startsWith('assets/')) return every;
  if (file.endsWith('.html')) return { ...every, ...negotiatedPageHeaders() };
  if (file.endsWith('.md')) return { ...every, ...negotiatedPageHeaders(), ...markdownTwinHeaders() };
  // The feeds: the catalogue's, and each cluster's in their folder (no folder of pages).
  for (const format of Object.keys(FEED_FORMATS) as FeedFormat[]) {
    if (file === feedFile(format) || (file.startsWith(`${FEEDS_DIR}/`) && file.endsWith(FEED_FORMATS[format]))) return { ...every, ...feedHeaders(format) };
  }
  // A JSON twin beside its page varies on Accept with it, harmlessly; the top-level documents do not.
  if (file.endsWith('.json')) return inSection ? { ...every, ...negotiatedPageHeaders() } : every;
  if (file === 'llms.txt' || file === 'robots.txt') return { ...every, ...plainTextHeaders() };
  if (file === 'llms-full.txt') return { ...every, ...plainTextHeaders(), ...agentOnlyHeaders() };
  if (isSitemapFile(file)) return { ...every, ...sitemapHeaders() };
  // The search function's data (the index, the page frame), compressed: plain files to the CDN.
  if (/^search-[a-z]+\.json\.gz$/.test(file)) return every;
  throw new Error(`${file}: no kind of file known for it; say which headers it is meant to have`);
}

const isAdminFile = (pathInDist: string) => pathInDist.replace(MAJOR_FOLDER, '').startsWith(`${ADMIN_DIR}/`);

function lowerCased(headers: HeaderSet): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function checkEveryFile(get: () => BuiltSite): void {
  it('gives each file, at every path it answers, exactly the headers meant for its type, each from one rule', () => {
    const { rules, files, stamp } = get();
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      for (const path of pathsOf(file)) {
        const got = headersFor(rules, path);
        for (const [name, values] of got) expect(values, `${path}: ${name} from ${values.length} rules`).toHaveLength(1);
        expect(Object.fromEntries([...got].map(([name, values]) => [name, values[0]])), path).toEqual(lowerCased(meantFor(file, stamp)));
      }
    }
  });

  it('writes only rule paths whose compiled pattern the build predicts', () => {
    for (const rule of get().rules) {
      const predicted = netlifyPathPattern(rule.for);
      expect([predicted.source, predicted.flags], rule.for).toEqual([rule.forRegExp.source, rule.forRegExp.flags]);
    }
  });

  it('sends a strict CSP, no framing and a referrer policy with every page', () => {
    const { rules, files } = get();
    for (const path of files.filter((file) => file.endsWith('.html') && !isAdminFile(file)).flatMap(pathsOf)) {
      const headers = headersFor(rules, path);
      const csp = headers.get('content-security-policy')?.[0] ?? '';
      expect(csp, path).toBe(CONTENT_SECURITY_POLICY);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers.get('x-frame-options'), path).toEqual(['DENY']);
      expect(headers.get('referrer-policy')?.[0], path).toBeTruthy();
    }
  });
}

describe('dist/_headers of the sample content', () => {
  let built: BuiltSite;
  beforeAll(async () => {
    built = await site(DIST);
  });
  checkEveryFile(() => built);

  it('publishes every file but the editor under each major\'s prefix too, with the same bytes, and nothing else there', () => {
    const { files } = built;
    expect(files.filter((file) => !mirrored(file)).length).toBeGreaterThan(0);
    for (const prefix of majorPrefixes()) {
      const folder = prefix.slice(1);
      const unversioned = files.filter((file) => !MAJOR_FOLDER.test(file) && mirrored(file));
      expect(files.filter((file) => file.startsWith(`${folder}/`)).sort()).toEqual(unversioned.map((file) => `${folder}/${file}`).sort());
      for (const file of unversioned) expect(readFileSync(join(DIST, folder, file)).equals(readFileSync(join(DIST, file))), file).toBe(true);
    }
  });

  it('keeps the twins to one wildcard rule per section when no page would be caught', () => {
    const twinRules = built.rules.filter((rule) => rule.values['content-type'] === markdownTwinHeaders()['content-type']);
    expect(twinRules.map((rule) => rule.for).filter((path) => path.includes('*')).length).toBeGreaterThan(0);
    expect(twinRules.length).toBeLessThan(10 * (1 + majorPrefixes().length));
  });
});

describe('dist/_headers when slugs end in the letters of an extension', () => {
  const out = mkdtempSync(join(tmpdir(), 'extension-slugs-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  let built: BuiltSite;
  beforeAll(async () => {
    await build({
      contentDir: join(import.meta.dirname, '../fixtures/content-extension-slugs'),
      outDir: out,
      cacheDir: null,
      constantsFile: null,
      env: { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' },
    });
    built = await site(out);
  });
  checkEveryFile(() => built);

  it('has the pages the fixture is for', () => {
    for (const page of ['skills/cmd.html', 'skills/readme-md.html', 'skills/config-json.html', 'skills/notes-txt.html', 'bundles/starter-md.html', 'bundles/kit-json.html', 'docs/howto-md.html']) {
      expect(built.files, page).toContain(page);
    }
  });

  it('gives the pages /skills/cmd and /skills/readme-md no Markdown media type and no noindex', () => {
    for (const path of ['/skills/cmd', '/skills/readme-md', '/skills/readme-md/', '/bundles/starter-md', '/docs/howto-md']) {
      const headers = headersFor(built.rules, path);
      expect(headers.has('content-type'), path).toBe(false);
      expect(headers.has('x-robots-tag'), path).toBe(false);
      expect(headers.get('vary'), path).toEqual(['Accept']);
    }
  });

  it('still gives their twins the Markdown media type', () => {
    for (const path of ['/skills/cmd.md', '/skills/readme-md.md', '/bundles/starter-md.md', '/docs/howto-md.md', '/skills/config-json.md']) {
      expect(headersFor(built.rules, path).get('content-type'), path).toEqual(['text/markdown; charset=utf-8']);
    }
  });

  it('predicts the compiled pattern of every kind of path a rule may have', async () => {
    const paths = ['/', '/*', '/a-b/c.d', '/u/:name/x', '/files/report*', '/x/*/y', '/*.md', '/skills/*.json', '/v1/*'];
    const { headers } = await parseAllHeaders({ headersFiles: [], configHeaders: paths.map((path) => ({ for: path, values: { 'x-a': '1' } })), minimal: false });
    expect(headers.map((rule) => rule.for)).toEqual(paths);
    for (const rule of headers as CompiledRule[]) {
      expect([netlifyPathPattern(rule.for).source, netlifyPathPattern(rule.for).flags], rule.for).toEqual([rule.forRegExp.source, rule.forRegExp.flags]);
    }
  });

  it('would have caught the pages with a single /*.md rule, as Netlify compiles it', () => {
    const loose = netlifyPathPattern('/*.md');
    expect(loose.test('/skills/cmd')).toBe(true);
    expect(loose.test('/skills/readme-md')).toBe(true);
  });
});
