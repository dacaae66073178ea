/** The filtered text handler writes exactly what remark-stringify's own writes, for any text in
 * any place a twin puts text. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { unified } from 'unified';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import type { PhrasingContent, Root } from 'mdast';
import { STRINGIFY_OPTIONS } from './document.ts';
import { text } from './escape-text.ts';
import { code, facts, heading, joined, link, list, paragraph, strong } from './mdast.ts';

const plain = unified().use(remarkGfm).use(remarkStringify, STRINGIFY_OPTIONS).freeze();
const filtered = unified().use(remarkGfm).use(remarkStringify, { ...STRINGIFY_OPTIONS, handlers: { text } }).freeze();

/** Text made of the characters Markdown cares about, and a few it does not. */
const markdownish = fc.string({
  unit: fc.constantFrom(...'aZ09 \t\n\r.,:;!?#*_-+=~`|\\[]()<>&@"\'/$%^{}www1)é€’'.split('')),
  maxLength: 24,
});

const places: ((value: string) => Root['children'])[] = [
  (value) => [paragraph(value)],
  (value) => [heading(1, value)],
  (value) => [heading(2, 'Label ', value)],
  (value) => [list([[value], ['next ', value]])],
  (value) => [list([[value]], true)],
  (value) => [facts([['Book', link('https://books.example/a', value)], ['Year', value]])],
  (value) => [paragraph(strong(value), ' ', value)],
  (value) => [paragraph(code('/cmd'), value, code(value || 'x'))],
  (value) => [paragraph(...(joined([link('https://a.example', value), value]) as PhrasingContent[]))],
];

describe('the filtered text handler', () => {
  it('writes the same Markdown as the default one, wherever the text is', () => {
    fc.assert(
      fc.property(markdownish, fc.nat(places.length - 1), (value, place) => {
        const tree: Root = { type: 'root', children: places[place](value) };
        expect(filtered.stringify(tree)).toBe(plain.stringify(tree));
      }),
      { numRuns: 3000 },
    );
  });
});
