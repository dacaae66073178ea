/** How the build names what it reuses (digest.ts): one digest for one value, another for any other. */
import { describe, expect, it } from 'vitest';
import { digestOf, digestOfText, hashText } from './digest.ts';

describe('hashText', () => {
  it('hashes its parts one after another, text as its UTF-8 bytes', () => {
    expect(hashText('ab', 'c')).toBe(hashText('abc'));
    expect(hashText('café')).toBe(hashText(Buffer.from('café')));
    expect(hashText('a')).not.toBe(hashText('b'));
  });
});

describe('digestOf', () => {
  it('is the same for the same value, made anew, and another for a value that differs anywhere', () => {
    const value = () => ({ title: 'A', tags: ['x', 'y'], price: { cents: 1900 }, none: null });
    expect(digestOf(value())).toBe(digestOf(value()));
    const others = [
      { ...value(), title: 'B' },
      { ...value(), tags: ['x'] },
      { ...value(), price: { cents: 1901 } },
      { ...value(), none: 0 },
      { title: 'A', tags: ['x', 'y'], price: { cents: 1900 } },
    ].map(digestOf);
    expect(new Set([digestOf(value()), ...others]).size).toBe(others.length + 1);
  });

  it('counts an object digested before by its digest, so a value holding it is keyed without its text again', () => {
    const skill = { slug: 'a', title: 'A' };
    const text = JSON.stringify(skill);
    const known = digestOfText(skill, text);
    expect(known).toBe(digestOf(skill));
    const page = (item: object) => ({ path: '/skills/a', skill: item });
    // The same skill in another object is another value: its text is read, not its digest.
    expect(digestOf(page(skill))).not.toBe(digestOf(page({ ...skill })));
    expect(digestOf(page(skill))).toBe(digestOf(page(skill)));
  });

  it('counts bytes by their own digest, apart from a string of the same text', () => {
    expect(digestOf({ file: Buffer.from('abc') })).toBe(digestOf({ file: new Uint8Array(Buffer.from('abc')) }));
    expect(digestOf({ file: Buffer.from('abc') })).not.toBe(digestOf({ file: 'abc' }));
    expect(digestOf({ file: Buffer.from('abc') })).not.toBe(digestOf({ file: Buffer.from('abd') }));
  });

  it('refuses what it cannot see into: a function, a symbol, a bigint, a class instance', () => {
    expect(() => digestOf({ render: () => 1 })).toThrow(/holds a function at "render"/);
    expect(() => digestOf({ at: Symbol('x') })).toThrow(/holds a symbol/);
    expect(() => digestOf({ n: 1n })).toThrow(/holds a bigint/);
    expect(() => digestOf({ seen: new Map([[1, 2]]) })).toThrow(/holds a Map instance at "seen"/);
    expect(() => digestOf({ when: new Date(0) })).toThrow(/holds a Date instance at "when"/);
  });
});
