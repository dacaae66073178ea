/** Percent-encoding a client sent: decodable as UTF-8, or named as the part that is not. */
import { describe, expect, it } from 'vitest';
import { malformedPercentEncoding, malformedQueryPart } from './percent-encoding.ts';

describe('malformedPercentEncoding', () => {
  it.each([
    ['plain text', '/skills/mom-test.json'],
    ['an escaped space', '/skills/a%20b'],
    ['a whole two-byte character', '?cluster=%C3%A9'],
    ['a whole three-byte character', '?cluster=%E0%A4%A8'],
    ['a whole four-byte character', '?q=%F0%9F%98%80'],
    ['lower-case hex', '/%c3%a9'],
    ['two characters in a row', '/%C3%A9%C3%A9'],
  ])('accepts %s', (_label, text) => {
    expect(malformedPercentEncoding(text)).toBeUndefined();
  });

  it.each([
    ['a percent sign without hex digits', '/%ZZ', '%ZZ'],
    ['a percent sign at the end', '/skills/x%', '%'],
    ['a percent sign with one hex digit', '/x%4', '%4'],
    ['a cut three-byte character', '?cluster=%E0%A4%A', '%E0%A4'],
    ['a lone continuation byte', '/%80', '%80'],
    ['an overlong encoding', '/%C0%AF', '%C0%AF'],
    ['an encoded surrogate', '/%ED%A0%80', '%ED%A0%80'],
  ])('names %s', (_label, text, bad) => {
    expect(malformedPercentEncoding(text)).toBe(bad);
  });
});

describe('malformedQueryPart', () => {
  it.each([
    ['a value, with its parameter', '?cluster=%zz', { bad: '%zz', parameter: 'cluster', inName: false }],
    ['a value after good ones', '?limit=2&&sort=price%E0%A4%A', { bad: '%E0%A4', parameter: 'sort', inName: false }],
    ['a value whose parameter name is encoded', '?%63luster=a%zz', { bad: '%zz', parameter: 'cluster', inName: false }],
    ['a value whose parameter name has a plus', '?a+b=%', { bad: '%', parameter: 'a b', inName: false }],
    ['a name, kept as URLSearchParams reads it', '?%zz=ideas', { bad: '%zz', parameter: '%zz', inName: true }],
    ['a name with decodable parts', '?%F0%9D%83%AD%%F0%98%B2%81=price', { bad: '%%F', parameter: '𝃭%𘲁', inName: true }],
    ['a name without a value, its cut character read as U+FFFD', '?cluster&%E0', { bad: '%E0', parameter: '\uFFFD', inName: true }],
    ['nothing in a decodable query', '?cluster=%C3%A9&q=a%20b', undefined],
    ['nothing in an empty query', '', undefined],
  ])('finds %s', (_label, search, found) => {
    expect(malformedQueryPart(search)).toEqual(found);
  });
});
