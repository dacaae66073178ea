/**
 * The card function (functions/card.ts) in-process over the built dist/: every card a page names
 * answers, each kind drawn for real as a 1200×630 PNG, and any other address under /cards/ is a
 * JSON 404 with the full header set. The answers' rules over a catalogue made in memory are
 * core/card-answer.test.ts; the function as Netlify bundles it, test/build/functions-deployed.test.ts.
 */
import { describe, expect, it } from 'vitest';
import functionConstants from '../../runtime/generated/function-constants.json' with { type: 'json' };
import cardFunction from '../../functions/card.ts';
import { CACHE_IMMUTABLE } from '../../core/headers.ts';
import { htmlFiles, read } from '../pages/dist.ts';
import { errorBodyOf } from '../helpers/error-body.ts';
import { expectFullHeaderSet } from '../helpers/header-set.ts';
import { decodePng } from '../helpers/png.ts';

const stamp = { buildVersion: functionConstants.buildVersion, baseUrl: functionConstants.baseUrl };
const call = (path: string, init?: RequestInit) => cardFunction(new Request(`https://shop.example${path}`, init));

/** The card each built page names, by the page's file. */
const named = new Map(htmlFiles().flatMap((file) => {
  const url = /<meta property="og:image" content="([^"]+)">/.exec(read(file))?.[1];
  return url ? [[file, new URL(url).pathname] as const] : [];
}));
const cardOf = (file: string) => named.get(file)!;

describe('functions/card.ts over the built pages', () => {
  it('answers every card a page names, with the full header set', async () => {
    expect(named.size).toBeGreaterThan(10);
    for (const [file, path] of named) {
      const response = await call(path, { method: 'HEAD' });
      expect(response.status, `${file}: ${path}`).toBe(200);
      expectFullHeaderSet(response.headers, { stamp, path, cacheControl: CACHE_IMMUTABLE, etag: true, where: file });
    }
  });

  it.each(['index.html', 'skills/mom-test-interviews.html', 'bundles/price-it-right.html', 'clusters/ideas.html'])('draws the card of %s as a 1200×630 PNG', async (file) => {
    const response = await call(cardOf(file));
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = decodePng(new Uint8Array(await response.arrayBuffer()));
    expect([png.width, png.height]).toEqual([1200, 630]);
  });

  it('draws the same bytes under /v1', async () => {
    const path = cardOf('skills/mom-test-interviews.html');
    expect(Buffer.from(await (await call(`/v1${path}`)).arrayBuffer()).equals(Buffer.from(await (await call(path)).arrayBuffer()))).toBe(true);
  });

  it.each([
    ['a stale digest', () => cardOf('skills/mom-test-interviews.html').replace(/\.[0-9a-f]{16}\.png$/, '.0000000000000000.png')],
    ['a bad slug', () => cardOf('skills/mom-test-interviews.html').replace('mom-test-interviews', 'Mom_Test')],
    ['a slug no skill has', () => cardOf('skills/mom-test-interviews.html').replace('mom-test-interviews', 'no-such-skill')],
    ['a bad kind', () => cardOf('skills/mom-test-interviews.html').replace('/skill/', '/author/')],
  ])('answers %s with a JSON 404 and the full header set', async (_label, path) => {
    const response = await call(path());
    await errorBodyOf(response.clone(), 404, 'not_found');
    expectFullHeaderSet(response.headers, { stamp, path: path() });
  });
});
