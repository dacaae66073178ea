/** Headers of pages, twins and listings over HTTP from the local Netlify runtime. */
import { describe, expect, it } from 'vitest';
import { apiCatalogHeaders, CONTENT_SECURITY_POLICY } from '../../core/page-headers.ts';
import { HAS_GUIDE, files } from '../pages/dist.ts';
import { serverUrl as base } from '../helpers/server.ts';

describe('page headers over HTTP (netlify dev)', () => {
  const skill = files('skills/*.html')[0].replace(/\.html$/, '');
  const cluster = files('clusters/*.html')[0].replace(/\.html$/, '');

  it('answers pages as HTML with the CSP and Vary: Accept', async () => {
    for (const path of ['/', `/${skill}`, `/${cluster}`, ...(HAS_GUIDE ? ['/docs/api'] : []), `/${skill}.html`]) {
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('vary'), path).toMatch(/\bAccept\b/);
    }
  });

  it('answers twins as text/markdown with Vary: Accept', async () => {
    for (const path of ['/index.md', `/${skill}.md`, `/${cluster}.md`, ...(HAS_GUIDE ? ['/docs/api.md'] : [])]) {
      const response = await fetch(`${base}${path}`);
      const text = await response.text();
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('text/markdown; charset=utf-8');
      expect(response.headers.get('vary'), path).toMatch(/\bAccept\b/);
      expect(text.startsWith('---\ntitle: '), path).toBe(true);
    }
  });

  // netlify dev keeps its static server's media type over `_headers`; production takes ours, which
  // test/pages/headers.test.ts and test/pages/api-catalog.test.ts hold dist/_headers to.
  it('answers the feeds with the CORS and cache headers of every file, under /v1 too', async () => {
    const cluster = files('feeds/*.xml')[0].replace(/\.xml$/, '');
    for (const path of ['/feed.xml', '/feed.json', `/${cluster}.xml`, `/${cluster}.json`, '/v1/feed.xml']) {
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('cache-control'), path).toBeTruthy();
      expect(response.headers.get('etag'), path).toBeTruthy();
    }
  });

  it('answers the API catalog as a linkset, and a HEAD of it with the link that names it', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${base}/.well-known/api-catalog`, { method });
      const body = await response.text();
      expect(response.status, method).toBe(200);
      expect(response.headers.get('link'), method).toContain(apiCatalogHeaders().link);
      if (method === 'GET') expect((JSON.parse(body) as { linkset: unknown[] }).linkset.length).toBeGreaterThan(1);
      else expect(body).toBe('');
    }
  });

  it('answers llms.txt, llms-full.txt and robots.txt as UTF-8 text, the sitemap as XML', async () => {
    for (const path of ['/llms.txt', '/llms-full.txt', '/robots.txt']) {
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      expect(response.headers.get('content-type')?.toLowerCase(), path).toBe('text/plain; charset=utf-8');
    }
    const sitemap = await fetch(`${base}/sitemap.xml`);
    await sitemap.arrayBuffer();
    // netlify dev keeps its static server's media type over `_headers` (production takes ours).
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml(; charset=utf-8)?$/);
  });

  it('answers an unknown page with the HTML 404 page', async () => {
    const response = await fetch(`${base}/skills/no-such-skill`);
    const text = await response.text();
    expect(response.status).toBe(404);
    expect(text).toContain('Page not found');
  });
});
