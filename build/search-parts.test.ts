/** Each item's part of the search index, kept by its key as numbers into one list of terms (search-parts.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchPart } from '../core/search.ts';
import type { NumberedParts } from '../core/search.ts';
import { openSearchParts } from './search-parts.ts';
import { temporaryFolders } from '../test/helpers/temporary-folders.ts';

const temporary = temporaryFolders('search-parts-');
const part = (body: string) => searchPart({ title: 'T', tags: [], summary: [], body });
/** A part's terms as words again, field by field. */
const words = ({ terms, parts }: NumberedParts, i: number) => {
  const numbers = parts[i];
  const out: string[][] = [];
  let at = 4;
  for (let field = 0; field < 4; field++) {
    const n = numbers[at];
    out.push(Array.from({ length: n }, (_, k) => `${terms[numbers[at + 1 + 2 * k]]}:${numbers[at + 2 + 2 * k]}`));
    at += 1 + 2 * n;
  }
  return out;
};

describe('the search parts kept', () => {
  it('make a part once, and give it back by its key in the next build', () => {
    const path = join(temporary(), 'search.parts');
    let made = 0;
    const make = (body: string) => () => { made += 1; return part(body); };
    const first = openSearchParts(path);
    const joined = first.parts(['k1', 'k2'], (i) => make(['alpha beta beta', 'gamma'][i])());
    expect(words(joined, 0)).toEqual([['t:1'], [], [], ['alpha:1', 'beta:2']]);
    first.save();
    const second = openSearchParts(path);
    const again = second.parts(['k1', 'k2'], () => { throw new Error('made again'); });
    expect(words(again, 1)).toEqual([['t:1'], [], [], ['gamma:1']]);
    expect(made).toBe(2);
  });

  it('drop the parts a build did not ask for, and the list of terms once most of it is unused', () => {
    const path = join(temporary(), 'search.parts');
    const first = openSearchParts(path);
    first.parts(['k1'], () => part(Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ')));
    first.save();
    const second = openSearchParts(path);
    const joined = second.parts(['k2'], () => part('other'));
    second.save();
    const head = JSON.parse(readFileSync(path).toString('utf8', 4, 4 + readFileSync(path).readUInt32LE(0)));
    expect(head.keys).toEqual(['k2']);
    expect([...head.terms].sort()).toEqual(['other', 't']);
    const third = openSearchParts(path).parts(['k2'], () => { throw new Error('made again'); });
    expect(words(third, 0)).toEqual(words(joined, 0));
  });

  it('make every part again from a file cut short, as from none', () => {
    const path = join(temporary(), 'search.parts');
    const first = openSearchParts(path);
    first.parts(['k1', 'k2'], (i) => part(['alpha beta', 'gamma delta'][i]));
    first.save();
    const whole = readFileSync(path);
    writeFileSync(path, whole.subarray(0, whole.length - 4));
    let made = 0;
    openSearchParts(path).parts(['k1', 'k2'], (i) => { made += 1; return part(['alpha beta', 'gamma delta'][i]); });
    expect(made).toBe(2);
  });

  it('keep nothing without a file', () => {
    const none = openSearchParts(undefined);
    none.parts(['k1'], () => part('alpha'));
    none.save();
    let made = 0;
    openSearchParts(undefined).parts(['k1'], () => { made += 1; return part('alpha'); });
    expect(made).toBe(1);
  });
});
