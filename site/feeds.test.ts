/** The feeds' files from their input (feeds.ts): text is text in both formats, whatever it holds;
 * an entry keeps its id through an edit, and its place is its last change's. */
import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { atomFeed, jsonFeed } from './feeds.ts';
import type { FeedEntry, FeedInput } from './feeds.ts';

const entry = (over: Partial<FeedEntry> = {}): FeedEntry => ({
  id: 'https://shop.example/skills/a', url: 'https://shop.example/skills/a', type: 'skill', title: 'A', author: 'Ann', summary: 'Does a.',
  amountCents: 1900, currency: 'EUR', published: '2026-01-01T00:00:00Z', updated: '2026-02-01T00:00:00+01:00',
  categories: [{ term: 'gtm', label: 'Go to market' }], ...over,
});
const input = (entries: FeedEntry[]): FeedInput => ({
  title: 'Shop: new skills and bundles', description: 'A shop.', homeUrl: 'https://shop.example/', baseUrl: 'https://shop.example', shopName: 'Shop', generatedAt: '2026-03-01T00:00:00Z', entries,
});
const HOSTILE = `<script>alert("x")</script> & ]]> ${'long '.repeat(400)} مرحبا 👩‍🚀`;

describe('a feed', () => {
  it('writes a hostile title and summary as text in Atom: parsed back, they are the same characters, and no element comes of them', () => {
    const xml = atomFeed(input([entry({ title: HOSTILE, summary: HOSTILE, author: HOSTILE })]));
    expect(xml).not.toContain('<script>');
    const parsed = new XMLParser({ ignoreAttributes: false, textNodeName: '#text', processEntities: true, htmlEntities: false }).parse(xml);
    const item = parsed.feed.entry;
    expect(item.title['#text']).toBe(HOSTILE);
    expect(item.summary['#text']).toBe(HOSTILE);
    expect(item.author.name).toBe(HOSTILE);
    expect(Object.keys(item)).not.toContain('script');
  });

  it('writes the same text in JSON Feed, with the price as data and as words', () => {
    const feed = JSON.parse(jsonFeed(input([entry({ title: HOSTILE })])));
    expect(feed.items[0].title).toBe(HOSTILE);
    expect(feed.items[0]._catalogue.price).toEqual({ amount_cents: 1900, currency: 'EUR', net: '€19.00' });
    expect(feed.items[0].content_text).toContain('Net price: €19.00.');
  });

  it('is dated by its newest entry, or by the catalogue when it holds none', () => {
    expect(atomFeed(input([entry()]))).toContain('<updated>2026-02-01T00:00:00+01:00</updated>');
    expect(atomFeed(input([]))).toContain('<updated>2026-03-01T00:00:00Z</updated>');
    expect(JSON.parse(jsonFeed(input([]))).items).toEqual([]);
  });
});
