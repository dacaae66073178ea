/**
 * The token estimate in every twin's front matter against real tokenizers: gpt-tokenizer's
 * o200k_base (GPT-4o and later) and cl100k_base (GPT-4), counted over the built sample twins.
 * Four characters per token is a rule of thumb; this bounds how far it strays on our own twins
 * (measured on the sample: from −8 % to +11 % per twin, +2 % over all twins), so a change that makes
 * the twins much denser or sparser in tokens shows here.
 */
import { describe, expect, it } from 'vitest';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { markdownFiles, read, splitTwin } from './dist.ts';

/** The widest error allowed on one twin, and on all of them together. */
const PER_TWIN = 0.15;
const OVERALL = 0.08;

const twins = markdownFiles().filter((file) => !file.startsWith('v1/')).map((file) => {
  const text = read(file);
  return { file, stated: splitTwin(text).matter.tokens as number, o200k: o200k(text), cl100k: cl100k(text) };
});

describe('the token estimate of the twins', () => {
  it('covers the sample\'s twins (the suite has something to measure)', () => {
    expect(twins.length).toBeGreaterThan(20);
  });

  for (const tokenizer of ['o200k', 'cl100k'] as const) {
    it(`is within ${PER_TWIN * 100} % of ${tokenizer}_base on every twin`, () => {
      for (const twin of twins) {
        const error = twin.stated / twin[tokenizer] - 1;
        expect(Math.abs(error), `${twin.file}: stated ${twin.stated}, ${tokenizer}_base ${twin[tokenizer]}`).toBeLessThanOrEqual(PER_TWIN);
      }
    });

    it(`is within ${OVERALL * 100} % of ${tokenizer}_base over all twins together`, () => {
      const stated = twins.reduce((sum, twin) => sum + twin.stated, 0);
      const counted = twins.reduce((sum, twin) => sum + twin[tokenizer], 0);
      expect(Math.abs(stated / counted - 1), `stated ${stated}, ${tokenizer}_base ${counted}`).toBeLessThanOrEqual(OVERALL);
    });
  }
});
