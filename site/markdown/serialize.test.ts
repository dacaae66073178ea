/** The twins' Markdown writer against remark-stringify, its reference: the same bytes for every
 * tree a twin builds, with hostile text, addresses and code in every place, and the reference's
 * own answer for any tree outside what the writer reproduces. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PhrasingContent, RootContent } from 'mdast';
import { markdownOf, referenceMarkdownOf, writeMarkdown } from './serialize.ts';
import { code, draftNote, facts, heading, joined, link, list, paragraph, strong } from './mdast.ts';
import type { Block } from './mdast.ts';
import { skillList } from './lists.ts';
import { propertyRuns } from '../../test/helpers/property.ts';

/** Text made of what Markdown cares about (at line starts, around attention, in links), and a few
 * characters it does not: control characters, DEL, a letter outside the BMP. */
const markdownish = fc.string({
  unit: fc.constantFrom(...'aZ09 \t\n\r.,:;!?#*_-+=~`|\\[]()<>&@"\'/$%^{}www1)é€’\u007f\u0000'.split(''), '😀', 'http:', 'https://', 'mailto:', '1.', '- ', '> ', '&amp;', '***'),
  maxLength: 24,
});

/** Addresses as editors and the build write them, and as an attacker would. */
const address = fc.oneof(
  fc.constantFrom('https://shop.example/skills/a', 'https://shop.example/cart?add=a&qty=1', 'mailto:editor@example.com', 'https://agentskills.io'),
  markdownish.map((tail) => `https://shop.example/${tail}`),
  markdownish,
);

/** Labels as the twins write them (code chooses them, never an editor). */
const factLabel = fc.constantFrom('Author', 'Price', 'Add to cart', 'ISBN', 'Book', 'Year', 'Draft');

const phrase: fc.Arbitrary<PhrasingContent | string> = fc.oneof(
  markdownish,
  markdownish.map((value) => code(value)),
  fc.tuple(address, markdownish).map(([url, text]) => link(url, text)),
  address.map((url) => link(url, url)),
  fc.tuple(address, markdownish, markdownish).map(([url, a, b]) => link(url, a, code(b))),
);

const phrases = fc.array(phrase, { minLength: 0, maxLength: 4 });

const twinBlock: fc.Arbitrary<Block> = fc.oneof(
  fc.tuple(fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>, phrases).map(([depth, parts]) => heading(depth, ...parts)),
  phrases.map((parts) => paragraph(...parts)),
  fc.tuple(fc.array(phrases, { minLength: 1, maxLength: 4 }), fc.boolean()).map(([items, ordered]) => list(items, ordered)),
  fc.array(fc.tuple(factLabel, phrases), { minLength: 1, maxLength: 4 }).map((rows) => facts(rows.map(([label, value]) => [label, ...value]))),
  fc.tuple(fc.array(phrase, { maxLength: 3 })).map(([parts]) => paragraph(...(joined(parts) as PhrasingContent[]))),
  markdownish.map((note) => draftNote('Draft', note)),
  fc.tuple(markdownish, fc.constantFrom('sh', undefined, 'a b', 'x`y')).map(([value, lang]): Block => ({ type: 'code', lang, value })),
);

/** Every value in a tree, joined. */
const textOf = (node: RootContent | PhrasingContent): string =>
  ('value' in node ? node.value : '') + ('children' in node ? (node.children as (RootContent | PhrasingContent)[]).map(textOf).join('') : '');

describe('writeMarkdown', () => {
  it('writes what remark-stringify writes, byte for byte, for any sequence of the twins\' blocks', () => {
    fc.assert(
      fc.property(fc.array(twinBlock, { minLength: 1, maxLength: 6 }), (blocks) => {
        const written = writeMarkdown(blocks);
        // Every tree of this shape is the writer's own, but for a level 1 or 2 heading broken over
        // lines (the library writes it setext-style; no title of the twins has a line break).
        if (!blocks.some((block) => block.type === 'heading' && block.depth < 3 && /[\r\n]/.test(textOf(block)))) expect(written).toBeDefined();
        expect(markdownOf(blocks)).toBe(referenceMarkdownOf(blocks));
        if (written !== undefined) expect(written).toBe(referenceMarkdownOf(blocks));
      }),
      { numRuns: propertyRuns(4000) },
    );
  });

  it('writes a real twin\'s facts as the reference does', () => {
    const skill = {
      title: 'Pricing *anchor* [draft]', url: 'https://shop.example/skills/a_b', author: 'O\'Brien & <Co>', summary: '1. Not a list', price: { amount_cents: 1900 },
    } as Parameters<typeof skillList>[0][number];
    const blocks: Block[] = [
      heading(1, '# Not a heading'),
      draftNote('Draft', 'not published'),
      facts([['Author', skill.author], ['Price', '€19.00 (EUR, net)'], ['Add to cart', link('https://shop.example/cart?add=a&x=1', 'https://shop.example/cart?add=a&x=1')]]),
      heading(2, 'Commands'),
      list([[code('/price')], [code('`tick`')]]),
      skillList([skill, skill]),
      skillList([skill]),
      { type: 'code', lang: 'sh', value: 'mkdir -p .claude/skills\n```\ncp -R a b' },
    ];
    expect(writeMarkdown(blocks)).toBe(referenceMarkdownOf(blocks));
  });

  it('hands anything else to the reference: a strong that is no fact\'s label, a node type it does not write', () => {
    const outside: RootContent[][] = [
      [paragraph('before ', strong('inside'), ' after')],
      [paragraph(strong('_x_'), ' y')],
      [paragraph(strong('Label:'), 'glued')],
      [{ type: 'thematicBreak' }],
      [paragraph({ type: 'emphasis', children: [{ type: 'text', value: 'x' }] })],
      [{ type: 'code', lang: 'sh', meta: 'title="x"', value: 'ls' }],
    ];
    for (const blocks of outside) {
      expect(writeMarkdown(blocks)).toBeUndefined();
      expect(markdownOf(blocks)).toBe(referenceMarkdownOf(blocks));
    }
  });
});
