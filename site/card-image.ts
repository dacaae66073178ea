/**
 * The card of a shared link, drawn: a 1200×630 PNG of a card's text (core/card.ts), laid out by
 * satori as SVG (its text as glyph outlines, so no text of it is ever markup) and rasterised by
 * resvg, both WebAssembly and both offline: the fonts and resvg's module are handed in as bytes
 * (runtime/card-assets.ts reads them), no font or emoji is ever fetched.
 */
import satori from 'satori';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { CARD_HEIGHT, CARD_WIDTH } from '../core/card.ts';
import type { CardInput } from '../core/card.ts';

export interface CardFont {
  family: string;
  weight: 400 | 700;
  data: Uint8Array;
}

export interface CardAssets {
  /** In order of preference: a glyph comes from the first font that has it. */
  fonts: CardFont[];
  /** resvg's WebAssembly module (`@resvg/resvg-wasm/index_bg.wasm`). */
  resvgWasm: Uint8Array;
}

export type DrawCard = (card: CardInput) => Promise<Uint8Array>;

/** The fonts as satori takes them, made once: it keeps what it parsed of them by the array's identity. */
export interface CardTypeface {
  fonts: FontOptions[];
  /** Every family, in order of preference, as the layout's `fontFamily`. */
  family: string;
}

export const cardTypeface = (fonts: readonly CardFont[]): CardTypeface => ({
  fonts: fonts.map((font) => ({ name: font.family, weight: font.weight, style: 'normal', data: font.data as Buffer })),
  family: [...new Set(fonts.map((font) => font.family))].join(', '),
});

type FontOptions = Parameters<typeof satori>[1]['fonts'][number];
type SatoriElement = Parameters<typeof satori>[0];

/**
 * The card as SVG, its text as glyph outlines. `outlines: false` writes each run of text as an
 * escaped `<text>` instead, so a reader (a test) can see what the layout set where.
 */
export function cardSvg(card: CardInput, { fonts, family }: CardTypeface, { outlines = true } = {}): Promise<string> {
  return satori(cardTree(card, family) as unknown as SatoriElement, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts, embedFont: outlines });
}

/** resvg's module is one per process (a second `initWasm` throws), made by the first drawer. */
let resvgReady: Promise<void> | undefined;

/** A drawer over these fonts: the first card pays for compiling the modules and parsing the fonts. */
export async function cardDrawer(assets: CardAssets): Promise<DrawCard> {
  resvgReady ??= initWasm(assets.resvgWasm).catch((error: unknown) => {
    resvgReady = undefined;
    throw error;
  });
  await resvgReady;
  const typeface = cardTypeface(assets.fonts);
  return async (card) => {
    const resvg = new Resvg(await cardSvg(card, typeface), { fitTo: { mode: 'original' } });
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      // Both live in resvg's memory, not the JavaScript heap: a long-lived instance frees them.
      image.free();
      resvg.free();
    }
  };
}

/** The stylesheet's light colours, by their custom properties' names in build/emit/assets/site.css
 * (site/card-image.test.ts holds them equal), so a card looks like the pages it comes from. */
export const CARD_COLOURS = {
  ink: '#1b1f24',
  muted: '#545d68',
  paper: '#ffffff',
  accent: '#0a58a8',
  'accent-strong': '#084584',
  'accent-soft': '#e9f2fc',
} as const;
const { ink: INK, muted: MUTED, paper: PAPER, accent: ACCENT, 'accent-strong': ACCENT_STRONG, 'accent-soft': ACCENT_SOFT } = CARD_COLOURS;

/**
 * The most characters of each text the layout is given: more than its lines can show, so a
 * longer text still ends in the clamp's ellipsis, and a hostile one (2,000 characters) costs no
 * more than that. Cut by code points, so no surrogate pair is split.
 */
const MOST = { shop: 60, label: 40, title: 160, subtitle: 240, price: 24, priceNote: 40, tag: 32 } as const;
const MOST_TAGS = 4;

function cut(text: string, most: number): string {
  const chars = [...text];
  return chars.length <= most ? text : `${chars.slice(0, most).join('')}…`;
}

interface CardNode {
  type: 'div';
  props: { style: Record<string, string | number>; children?: string | CardNode | (CardNode | null)[] };
}

const node = (style: CardNode['props']['style'], children?: CardNode['props']['children']): CardNode => ({ type: 'div', props: { style, children } });

/** One line or a few, cut with an ellipsis where the text goes past them (satori's line clamp
 * applies to a box that holds only text). */
const lines = (text: string, most: number, clamp: number, style: CardNode['props']['style']) =>
  node({ display: 'block', lineClamp: clamp, ...style }, cut(text, most));

/** Big enough to read at a third of its size, as a thumbnail in a feed is shown. */
export function cardTree(card: CardInput, family: string): CardNode {
  return node({
    display: 'flex', flexDirection: 'column', width: '100%', height: '100%', boxSizing: 'border-box',
    padding: '56px 72px 64px', borderTop: `16px solid ${ACCENT}`, backgroundColor: PAPER, color: INK, fontFamily: family,
  }, [
    node({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', fontSize: 32 }, [
      // The home page's card has the shop's name for its title.
      card.kind === 'home' ? node({}) : lines(card.shop, MOST.shop, 1, { fontWeight: 700, color: ACCENT, maxWidth: 760 }),
      lines(card.label, MOST.label, 1, { color: MUTED }),
    ]),
    node({ display: 'flex', flexDirection: 'column', justifyContent: 'center', flexGrow: 1 }, [
      lines(card.title, MOST.title, 3, { fontSize: 68, fontWeight: 700, lineHeight: 1.15 }),
      // The home page's card has nothing along its foot: its description may take a line more.
      card.subtitle ? lines(card.subtitle, MOST.subtitle, card.kind === 'home' ? 3 : 2, { fontSize: 34, lineHeight: 1.3, color: MUTED, marginTop: 20 }) : null,
    ]),
    node({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end' }, [
      card.price
        ? node({ display: 'flex', alignItems: 'baseline' }, [
            lines(card.price, MOST.price, 1, { fontSize: 60, fontWeight: 700 }),
            card.priceNote ? lines(card.priceNote, MOST.priceNote, 1, { fontSize: 30, color: MUTED, marginLeft: 14 }) : null,
          ])
        : node({}),
      node({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', maxWidth: 620 }, card.tags.slice(0, MOST_TAGS).map((tag) =>
        lines(tag, MOST.tag, 1, { fontSize: 28, padding: '8px 22px', marginLeft: 12, marginTop: 12, borderRadius: 999, backgroundColor: ACCENT_SOFT, color: ACCENT_STRONG }))),
    ]),
  ]);
}
