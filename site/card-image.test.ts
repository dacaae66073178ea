/**
 * The cards as the card function draws them, with the fonts and resvg's module it ships with
 * (runtime/card-assets.ts): each kind a whole 1200×630 PNG, the same bytes for the same card and
 * others for another, long text cut within its lines, and hostile text drawn as text, offline.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CARD_HEIGHT, CARD_VERSION, CARD_WIDTH, cardOfBundle, cardOfCluster, cardOfHome, cardOfSkill } from '../core/card.ts';
import type { CardInput } from '../core/card.ts';
import { cardAssetRoot, readCardAssets } from '../runtime/card-assets.ts';
import { CARD_COLOURS, cardDrawer, cardSvg, cardTypeface } from './card-image.ts';
import type { CardAssets, DrawCard } from './card-image.ts';
import { bundle, skill } from '../test/fixtures/catalog.ts';
import { decodePng } from '../test/helpers/png.ts';

const shop = { name: 'Skill Shelf', description: 'Skills for AI coding agents, each distilled from a book that product people actually use.' };
const members = [skill('interviews', 'Customer interviews that don’t lie', ['ideas', 'pricing'], 2400), skill('shape-up', 'Shape Up', ['ship']), skill('pages', 'Pricing pages', ['pricing'])];
const cards: Record<CardInput['kind'], CardInput> = {
  home: cardOfHome(shop),
  skill: cardOfSkill(shop.name, members[0]),
  bundle: cardOfBundle(shop.name, bundle('start-here', members)),
  cluster: cardOfCluster(shop.name, members[0].clusters[0], { skills: 5, bundles: 1 }),
};
const titled = (title: string): CardInput => ({ ...cards.skill, title });

let assets: CardAssets;
let draw: DrawCard;
beforeAll(async () => {
  assets = await readCardAssets(cardAssetRoot(new URL('../functions/card.ts', import.meta.url)));
  draw = await cardDrawer(assets);
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('a drawn card', () => {
  it.each(Object.keys(cards))('is a whole %s card of 1200×630 pixels', async (kind) => {
    const png = decodePng(await draw(cards[kind as CardInput['kind']]));
    expect([png.width, png.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
  });

  it('is the same bytes for the same card, from another drawer too', async () => {
    const again = await cardDrawer(assets);
    expect(sha256(await again(titled('Shape Up')))).toBe(sha256(await draw(titled('Shape Up'))));
  });

  it('is another for another title or another price', async () => {
    const drawn = await Promise.all([cards.skill, titled('Customer interviews that lie'), { ...cards.skill, price: '€25.00' }].map(draw));
    expect(new Set(drawn.map(sha256)).size).toBe(3);
  });

  it('keeps a long title to three lines, the last ending in an ellipsis', async () => {
    const svg = await cardSvg(titled('A title that goes on and on '.repeat(40)), cardTypeface(assets.fonts), { outlines: false });
    // The title's runs of text, each a <text> at its line's baseline.
    const runs = [...svg.matchAll(/<text x="[^"]+" y="([^"]+)"[^>]*font-size="68"[^>]*>([^<]*)<\/text>/g)];
    expect(new Set(runs.map(([, y]) => y)).size).toBe(3);
    expect(runs.map(([, , text]) => text).join('')).toMatch(/…$/);
  });
});

describe('a hostile title', () => {
  const HOSTILE = {
    markup: '<script>alert(1)</script><img src=x onerror=alert(2)> & <b>bold</b> ]]> <!--',
    'two thousand characters': 'Long '.repeat(400),
    'right-to-left text': 'שלום עולם · مرحبا بالعالم · ‮reversed‬ Hello',
    emoji: 'Ship it 🚀🔥 👩‍👩‍👧‍👦 🏳️‍🌈 fast ✅',
    'control characters and a lone surrogate': 'Tab\there\u0000nul\u0007bell \ud800 end',
  };

  it.each(Object.entries(HOSTILE))('with %s (and the same in every other text) is drawn as a 1200×630 PNG, with nothing fetched', async (_name, title) => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('no network for cards')));
    vi.stubGlobal('fetch', fetch);
    try {
      const png = decodePng(await draw({ ...titled(title), shop: title, subtitle: title, priceNote: title, tags: [title, title] }));
      expect([png.width, png.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('is text, never markup: outlines in the SVG, and its brackets drawn', async () => {
    const typeface = cardTypeface(assets.fonts);
    const svg = await cardSvg(titled(HOSTILE.markup), typeface);
    expect(svg).not.toMatch(/<(script|img|image|text|foreignObject|b)\b|onerror|href/i);
    // Laid out as text, the title's characters are escaped like any other.
    expect(await cardSvg(titled(HOSTILE.markup), typeface, { outlines: false })).toContain('&lt;</text>');
    expect(sha256(await draw(titled('<b>bold</b>')))).not.toBe(sha256(await draw(titled('bold'))));
  });
});

/**
 * What each version of the drawing draws: the four cards above and one with a word of each script
 * the fonts cover, as one hash. A change to the layout, a font or a library changes it; then
 * CARD_VERSION (core/card.ts) must be bumped, so that every card's address changes with its bytes,
 * and the new hash is pinned here.
 */
const EVERY_SCRIPT = titled('Łódź · Đặng · Ελληνικά · Кириллица · עברית · العربية · 🚀');

const DRAWN: Record<number, string> = {
  1: 'd0ffca49f6fe154f6dfdd7247be532fffa8bb303f29224b09159b8acd1bc6564',
};

describe('the drawing', () => {
  it(`draws what version ${CARD_VERSION} of it pins`, async () => {
    const hashes = await Promise.all([...Object.values(cards), EVERY_SCRIPT].map(async (card) => sha256(await draw(card))));
    expect(sha256(Buffer.from(hashes.join('\n'))), 'the drawing changed: bump CARD_VERSION in core/card.ts and pin the new hash').toBe(DRAWN[CARD_VERSION]);
  });
});

describe('the card\'s colours', () => {
  it('are the stylesheet\'s light colours, property for property', () => {
    const css = readFileSync(new URL('../build/emit/assets/site.css', import.meta.url), 'utf8');
    const root = /:root\s*\{([^}]*)\}/.exec(css)![1];
    for (const [name, colour] of Object.entries(CARD_COLOURS)) expect(new RegExp(`--${name}:\\s*([^;]+);`).exec(root)?.[1], name).toBe(colour);
  });
});
