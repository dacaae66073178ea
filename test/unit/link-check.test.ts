/** The link checker (test/helpers/link-check.ts) on an in-memory site: it passes links that lead
 * somewhere and names every one that does not, so the check over dist/ can fail. */
import { describe, expect, it } from 'vitest';
import { checkLinks, fileFor } from '../helpers/link-check.ts';
import type { LinkedSite } from '../helpers/link-check.ts';

const BASE = 'https://shop.test';

function site(files: Record<string, string>, functions: readonly string[] = ['/catalog.json']): LinkedSite {
  return {
    baseUrl: BASE,
    isFile: (file) => Object.hasOwn(files, file),
    read: (file) => files[file],
    functionAnswers: (path) => functions.includes(path),
  };
}

const page = (body: string) => `<!doctype html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`;

const GOOD = {
  'index.html': page(`
    <a href="#main">skip</a><main id="main">
    <a href="/skills/alpha">alpha</a> <a href="/skills/">all</a> <a href="/skills/alpha#price">price</a>
    <a href="${BASE}/skills/alpha.md">twin</a> <a href="/catalog.json?cluster=ideas">query</a>
    <a href="https://example.org/book" rel="external">book</a> <a href="mailto:team@example.org">mail</a>
    <img src="/assets/icon.svg" alt=""> <form action="/catalog.json"></form>
    <script type="application/ld+json">{"url": "${BASE}/", "offers": {"url": "${BASE}/skills/alpha"}}</script>
    </main>`),
  'skills/alpha.html': page('<h1 id="price">Alpha</h1>'),
  'skills/alpha.md': '# Alpha\n\n[All skills](https://shop.test/skills/) and <https://example.org/x>\n',
  'skills/index.html': page('<h1>Skills</h1>'),
  'assets/icon.svg': '<svg/>',
  'sitemap.xml': `<urlset><url><loc>${BASE}/skills/alpha</loc></url><url><loc>${BASE}/?a=1&amp;b=2</loc></url></urlset>`,
  'robots.txt': `User-agent: *\nSitemap: ${BASE}/sitemap.xml\n`,
  'skills/alpha.json': JSON.stringify({ url: `${BASE}/skills/alpha`, install_url: `${BASE}/skills/alpha.md`, source: { buy_url: 'https://example.org/book' } }),
};

describe('the link checker', () => {
  it('passes links that lead to a file, a pretty URL, a folder index, a function route, an id or a well-formed external address', () => {
    expect(checkLinks(site(GOOD), Object.keys(GOOD))).toEqual([]);
  });

  it('resolves paths as Netlify pretty URLs do', () => {
    const s = site(GOOD);
    expect(fileFor(s, '/')).toBe('index.html');
    expect(fileFor(s, '/skills/alpha')).toBe('skills/alpha.html');
    expect(fileFor(s, '/skills/')).toBe('skills/index.html');
    expect(fileFor(s, '/skills')).toBe('skills/index.html');
    expect(fileFor(s, '/skills/alpha/')).toBeUndefined();
    expect(fileFor(s, '/cart')).toBeUndefined();
  });

  it('names every dead link of a page: file, where, link and why', () => {
    const files = {
      ...GOOD,
      'skills/alpha.html': page(`
        <h1 id="price">Alpha</h1>
        <a href="/install/alpha">Install</a>
        <a href="${BASE}/cart?add=skill:alpha">Add to cart</a>
        <a href="#nowhere">jump</a>
        <a href="/skills/alpha#nowhere">jump</a>
        <a href="http://example.org/book">book</a>
        <a href="https://user@evil.example/">evil</a>
        <a href="javascript:alert(1)">js</a>
        <img src="/assets/missing.png" alt="">`),
    };
    expect(checkLinks(site(files), ['skills/alpha.html'])).toEqual([
      'skills/alpha.html: a href "/install/alpha": nothing answers it: no file in the site and no function route',
      `skills/alpha.html: a href "${BASE}/cart?add=skill:alpha": nothing answers it: no file in the site and no function route`,
      'skills/alpha.html: a href "#nowhere": no element with id "nowhere" on this page',
      'skills/alpha.html: a href "/skills/alpha#nowhere": skills/alpha.html has no element with id "nowhere"',
      'skills/alpha.html: a href "http://example.org/book": expected an https:// URL, got scheme http:',
      'skills/alpha.html: a href "https://user@evil.example/": a user name before "@": the link goes to the host after it',
      'skills/alpha.html: a href "javascript:alert(1)": expected an https:// URL, got scheme javascript:',
      'skills/alpha.html: img src "/assets/missing.png": nothing answers it: no file in the site and no function route',
    ]);
  });

  it('finds dead links in Markdown, JSON-LD, the sitemap, robots.txt and JSON fields too', () => {
    const files = {
      'index.html': page(`<script type="application/ld+json">{"offers": {"url": "${BASE}/cart"}}</script>`),
      'skills/alpha.md': `# Alpha\n\n[Install](${BASE}/install/alpha)\n\n![cover](/covers/alpha.png)\n\n[ref]: https://shop.test/gone\n\nSee [ref].\n`,
      'llms.txt': `# Shop\n\n- [Gone](${BASE}/skills/gone.md): a skill\n`,
      'sitemap.xml': `<urlset><url><loc>${BASE}/skills/gone</loc></url></urlset>`,
      'robots.txt': `Sitemap: ${BASE}/sitemap-old.xml\n`,
      'skills/alpha.json': JSON.stringify({ cart_url: `${BASE}/cart?add=skill:alpha` }),
    };
    expect(checkLinks(site(files), Object.keys(files))).toEqual([
      `index.html: JSON-LD url "${BASE}/cart": nothing answers it: no file in the site and no function route`,
      `skills/alpha.md: markdown link "${BASE}/install/alpha": nothing answers it: no file in the site and no function route`,
      'skills/alpha.md: markdown image "/covers/alpha.png": nothing answers it: no file in the site and no function route',
      'skills/alpha.md: markdown definition "https://shop.test/gone": nothing answers it: no file in the site and no function route',
      `llms.txt: markdown link "${BASE}/skills/gone.md": nothing answers it: no file in the site and no function route`,
      `sitemap.xml: sitemap loc "${BASE}/skills/gone": nothing answers it: no file in the site and no function route`,
      `robots.txt: robots Sitemap "${BASE}/sitemap-old.xml": nothing answers it: no file in the site and no function route`,
      `skills/alpha.json: json cart_url "${BASE}/cart?add=skill:alpha": nothing answers it: no file in the site and no function route`,
    ]);
  });

  it('counts only a function that answers the path itself, not a catch-all', () => {
    const files = { 'index.html': page('<a href="/catalog.json">all</a><a href="/search?q=x">search</a>') };
    expect(checkLinks(site(files, ['/catalog.json']), ['index.html'])).toEqual([
      'index.html: a href "/search?q=x": nothing answers it: no file in the site and no function route',
    ]);
    expect(checkLinks(site(files, ['/catalog.json', '/search']), ['index.html'])).toEqual([]);
  });
});
