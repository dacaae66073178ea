import { describe, expect, it } from 'vitest';
import { markdownTwinPath, PAGE_PATH_PATTERNS, parseAccept, prefersMarkdown, varyWithAccept, weightOf } from './negotiate.ts';

describe('prefersMarkdown', () => {
  it.each([
    ['text/markdown', true],
    ['text/markdown;charset=utf-8', true],
    ['TEXT/Markdown', true],
    ['text/markdown; variant=GFM', true],
    ['text/markdown;q=1, text/html;q=0.9', true],
    ['text/html;q=0.5, text/markdown', true],
    ['text/markdown, text/html;q=0.999', true],
    ['text/markdown, */*;q=0.1', true],
    ['text/markdown;q=0.2, */*;q=0.1', true],
    ['text/plain, text/markdown', true],
    ['text/markdown;q=0.001', true],
    ['application/json, text/markdown;q=0.9', true],
    ['text/*;q=0.3, text/markdown', true],
    ['text/markdown, text/html;q=0', true],
    [' text/markdown ; q = 1 ', true],
  ])('%s → Markdown %s', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it('keeps HTML when HTML is weighed higher', () => {
    expect(prefersMarkdown('text/html, text/markdown;q=0.5')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=0.5, text/html')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=0.8, text/html;q=0.9')).toBe(false);
  });

  it('never gives Markdown to a client that refuses it with q=0', () => {
    expect(prefersMarkdown('text/markdown;q=0')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=0.0')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=0.000, */*')).toBe(false);
    expect(prefersMarkdown('*/*, text/markdown;q=0')).toBe(false);
  });

  it('keeps HTML on a tie', () => {
    expect(prefersMarkdown('text/html, text/markdown')).toBe(false);
    expect(prefersMarkdown('text/markdown, text/html')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=0.5, text/html;q=0.5')).toBe(false);
    expect(prefersMarkdown('text/*')).toBe(false);
  });

  it('keeps HTML for wildcards, absent and empty headers', () => {
    expect(prefersMarkdown('*/*')).toBe(false);
    expect(prefersMarkdown(undefined)).toBe(false);
    expect(prefersMarkdown(null)).toBe(false);
    expect(prefersMarkdown('')).toBe(false);
    expect(prefersMarkdown('   ')).toBe(false);
  });

  it('keeps HTML for what browsers send', () => {
    expect(prefersMarkdown('text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8')).toBe(false);
    expect(prefersMarkdown('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
  });

  it('keeps HTML when neither representation is acceptable', () => {
    expect(prefersMarkdown('application/json')).toBe(false);
    expect(prefersMarkdown('text/plain')).toBe(false);
  });

  it('lets the most specific range decide, whatever the order', () => {
    // text/markdown;q=0 is more specific than */* and text/*: it wins and refuses.
    expect(prefersMarkdown('text/*, text/markdown;q=0')).toBe(false);
    // text/html;q=0.1 is more specific than text/*, so Markdown (0.9 through text/*) wins.
    expect(prefersMarkdown('text/*;q=0.9, text/html;q=0.1')).toBe(true);
    // A range with a matching parameter is more specific than one without.
    expect(prefersMarkdown('text/markdown;q=0, text/markdown;charset=utf-8')).toBe(true);
  });

  it('ignores a range whose parameter rules out the twin', () => {
    expect(prefersMarkdown('text/markdown;charset=iso-8859-1')).toBe(false);
    expect(prefersMarkdown('text/markdown;charset="UTF-8"')).toBe(true);
  });

  it('drops malformed ranges instead of guessing', () => {
    expect(prefersMarkdown('text/markdown;q=2')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=abc')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=0.1234')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=1.5, text/html;q=0.1')).toBe(false);
    expect(prefersMarkdown('markdown')).toBe(false);
    expect(prefersMarkdown('*/markdown')).toBe(false);
    expect(prefersMarkdown(',,, text/markdown ,')).toBe(true);
  });

  it('reads quoted parameter values with commas and semicolons inside', () => {
    expect(prefersMarkdown('text/html;foo="a,b;c";q=0.1, text/markdown')).toBe(true);
  });
});

describe('parseAccept and weightOf', () => {
  it('reads type, subtype, weight and parameters', () => {
    const [range] = parseAccept('Text/Markdown; Charset=UTF-8; q=0.7; ext=1');
    expect(range).toMatchObject({ type: 'text', subtype: 'markdown', q: 0.7, specificity: 3 });
    expect([...range.params]).toEqual([['charset', 'utf-8']]);
  });

  it('gives 0 to a representation no range matches', () => {
    expect(weightOf(parseAccept('application/json'), 'text/html')).toBe(0);
  });

  it('takes the higher weight between equally specific duplicates', () => {
    expect(weightOf(parseAccept('text/markdown;q=0.2, text/markdown;q=0.7'), 'text/markdown')).toBe(0.7);
  });
});

describe('markdownTwinPath', () => {
  it.each([
    ['/', '/index.md'],
    ['/v1', '/index.md'],
    ['/v1/', '/index.md'],
    ['/skills/mom-test', '/skills/mom-test.md'],
    ['/skills/mom-test/', '/skills/mom-test.md'],
    ['/bundles/price-it-right', '/bundles/price-it-right.md'],
    ['/clusters/ideas', '/clusters/ideas.md'],
    ['/docs/api', '/docs/api.md'],
    // Prose pages come from content/docs/, like skills from content/skills/: any slug may be one.
    ['/docs/style-guide', '/docs/style-guide.md'],
    ['/v1/skills/mom-test', '/skills/mom-test.md'],
    ['/v1/bundles/starter', '/bundles/starter.md'],
    ['/v1/clusters/gtm', '/clusters/gtm.md'],
    // A skill's install page has its twin too.
    ['/install/mom-test', '/install/mom-test.md'],
    ['/v1/install/mom-test', '/install/mom-test.md'],
    // A folder's index page, like `/`, has its twin inside the folder.
    ['/skills/', '/skills/index.md'],
    ['/skills', '/skills/index.md'],
    ['/bundles/', '/bundles/index.md'],
    ['/clusters', '/clusters/index.md'],
    ['/v1/skills/', '/skills/index.md'],
    ['/v1/clusters', '/clusters/index.md'],
    // A listing's later pages, each a folder's index page with its twin inside.
    ['/skills/page/2/', '/skills/page/2/index.md'],
    ['/bundles/page/12', '/bundles/page/12/index.md'],
    ['/clusters/ideas/page/3/', '/clusters/ideas/page/3/index.md'],
    ['/v1/skills/page/2/', '/skills/page/2/index.md'],
    ['/v1/clusters/gtm/page/10', '/clusters/gtm/page/10/index.md'],
  ])('%s → %s', (path, twin) => {
    expect(markdownTwinPath(path)).toBe(twin);
  });

  it.each([
    '/skills/mom-test.md',
    '/skills/mom-test.json',
    '/skills/mom-test.html',
    '/docs/',
    '/docs',
    '/skills//',
    '/Skills/',
    '/skills/index.md',
    '/skills/Mom-Test',
    '/skills/a/b',
    '/skills/%2e%2e',
    '/catalog.json',
    '/v1/catalog.json',
    '/index.md',
    '/index.html',
    '/llms.txt',
    '/api/public/health/payment',
    '/v2/skills/mom-test',
    '/v10',
    '/docs/a/b',
    '/assets/site.css',
    '/skills/page/2/index.md',
    '/skills/page/2/index.html',
    '/skills/page/02/',
    // Page 1 is the listing itself.
    '/skills/page/1/',
    '/skills/page/x/',
    '/clusters/page/2/',
    '/docs/page/2/',
    '/install/page/2/',
    '/clusters/ideas/page/2/x',
  ])('%s has no twin to negotiate', (path) => {
    expect(markdownTwinPath(path)).toBeNull();
  });
});

describe('PAGE_PATH_PATTERNS', () => {
  const routes = PAGE_PATH_PATTERNS.map((source) => new RegExp(source));
  it.each(['/', '/v1', '/v1/', '/skills/mom-test', '/v1/clusters/gtm/', '/docs/api', '/install/mom-test', '/install/mom-test.md', '/skills/', '/v1/bundles', '/docs/', '/skills/index.md', '/skills/Mom-Test', '/skills/mom-test.json', '/v1/catalog.json', '/index.md', '/llms.txt', '/sitemap.xml', '/assets/site.css', '/api/public/health/payment', '/v2/skills/mom-test', '/v10', '/skills/page/2/', '/v1/clusters/gtm/page/3', '/skills/page/2/index.md', '/skills/page/0/'])(
    '%s is routed to the Edge Function exactly when it has a twin',
    (path) => {
      expect(routes.some((route) => route.test(path))).toBe(markdownTwinPath(path) !== null);
    },
  );
});

describe('varyWithAccept', () => {
  it('adds Accept once', () => {
    expect(varyWithAccept(null)).toBe('Accept');
    expect(varyWithAccept('')).toBe('Accept');
    expect(varyWithAccept('Origin')).toBe('Origin, Accept');
    expect(varyWithAccept('Origin, accept')).toBe('Origin, accept');
    expect(varyWithAccept('*')).toBe('*');
  });
});
