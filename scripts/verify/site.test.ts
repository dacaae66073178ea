import { describe, expect, it } from 'vitest';
import { alternates, frontMatterOf, llmsShape, markdownLinks, metaContent, onTarget, pngSize, sample, sitemapLocations } from './site.ts';

describe('addresses on the deploy under test', () => {
  const site = 'https://shop.example';
  const preview = 'https://deploy-preview-3--shop.netlify.app';

  it('moves a canonical address onto the deploy under test', () => {
    expect(onTarget(`${site}/skills/a.md`, site, preview)).toBe(`${preview}/skills/a.md`);
    expect(onTarget(`${site}/`, site, preview)).toBe(`${preview}/`);
  });

  it('keeps an address already on the deploy under test', () => {
    expect(onTarget(`${preview}/llms.txt`, site, preview)).toBe(`${preview}/llms.txt`);
  });

  it('leaves addresses elsewhere alone, also those that only start like the site', () => {
    expect(onTarget('https://basecamp.com/shapeup', site, preview)).toBeUndefined();
    expect(onTarget('https://shop.example.evil/x', site, preview)).toBeUndefined();
  });
});

describe('what the site publishes about itself', () => {
  it('reads every <loc> of a sitemap, unescaped', () => {
    const xml = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url>\n<url>\n  <loc> https://a.example/x?a=1&amp;b=2 </loc></url></urlset>';
    expect(sitemapLocations(xml)).toEqual(['https://a.example/', 'https://a.example/x?a=1&b=2']);
  });

  it('reads the links of llms.txt, with escaped brackets in their text and autolinks, each once', () => {
    const text = '# Shop\n\n> Summary\n\nJSON at <https://a.example/catalog.json>.\n\n## Skills\n\n- [\\[Bullseye\\] test](https://a.example/skills/b.md): one\n- [Plain](https://a.example/skills/p.md "title"): two\n- [Again](https://a.example/skills/p.md)\n';
    expect(markdownLinks(text)).toEqual(['https://a.example/catalog.json', 'https://a.example/skills/b.md', 'https://a.example/skills/p.md']);
    expect(llmsShape(text)).toEqual({ title: 'Shop', hasSummary: true, sections: ['Skills'] });
  });

  it('finds a page’s twins in its alternate links, resolved against the page', () => {
    const html = '<!doctype html><html><head><link rel="alternate" type="text/markdown" href="/skills/a.md"><link rel="stylesheet" href="/s.css"><link rel="alternate" type="application/json" href="https://a.example/skills/a.json"></head><body></body></html>';
    expect(Object.fromEntries(alternates(html, 'https://a.example/skills/a'))).toEqual({
      'text/markdown': 'https://a.example/skills/a.md',
      'application/json': 'https://a.example/skills/a.json',
    });
  });

  it('reads the front matter of a twin, keys in order', () => {
    expect(frontMatterOf('---\ntitle: "A: b"\nurl: https://a.example/\n---\n\n# A\n')).toEqual({ keys: ['title', 'url'], values: { title: 'A: b', url: 'https://a.example/' } });
    expect(frontMatterOf('# No front matter\n')).toBeUndefined();
  });
});

describe('sampling a long list', () => {
  it('keeps a short list whole', () => {
    expect(sample([1, 2, 3], 5)).toEqual([1, 2, 3]);
  });

  it('spreads the picks evenly, first and last included', () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const picked = sample(items, 5);
    expect(picked).toEqual([0, 25, 50, 74, 99]);
    expect(sample(items, 1)).toEqual([0]);
  });
});

describe('what a shared link shows', () => {
  it('finds the first og:image a page names, and none where it names none', () => {
    const html = '<head><meta property="og:title" content="A"><meta property="og:image" content="https://shop.example/cards/home.0123.png"><meta property="og:image" content="second"></head>';
    expect(metaContent(html, 'og:image')).toBe('https://shop.example/cards/home.0123.png');
    expect(metaContent('<head><meta name="og:image" content="x"></head>', 'og:image')).toBeUndefined();
  });

  it('reads a PNG\'s size from its IHDR, and nothing from other bytes', () => {
    const ihdr = Buffer.alloc(25);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(ihdr, 0);
    ihdr.writeUInt32BE(13, 8);
    ihdr.write('IHDR', 12, 'latin1');
    ihdr.writeUInt32BE(1200, 16);
    ihdr.writeUInt32BE(630, 20);
    expect(pngSize(ihdr)).toEqual({ width: 1200, height: 630 });
    expect(pngSize(Buffer.from('{"error":"not_found"}'))).toBeUndefined();
    expect(pngSize(ihdr.subarray(0, 20))).toBeUndefined();
  });
});
