import { describe, expect, it } from 'vitest';
import { ifNoneMatchMatches, strongEtag } from './etag.ts';

describe('strongEtag', () => {
  it('is a quoted strong tag that changes with the body', () => {
    const tag = strongEtag('{"a":1}');
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(strongEtag('{"a":1}')).toBe(tag);
    expect(strongEtag('{"a":2}')).not.toBe(tag);
  });
});

describe('ifNoneMatchMatches', () => {
  const tag = '"abc"';
  it('matches the exact tag', () => expect(ifNoneMatchMatches('"abc"', tag)).toBe(true));
  it('matches under weak comparison', () => expect(ifNoneMatchMatches('W/"abc"', tag)).toBe(true));
  it('matches a tag inside a list', () => expect(ifNoneMatchMatches('"a", "abc", "b"', tag)).toBe(true));
  it('matches a tag with a comma inside a list', () => expect(ifNoneMatchMatches('"x,y", "abc"', tag)).toBe(true));
  it('matches *', () => expect(ifNoneMatchMatches(' * ', tag)).toBe(true));
  it('does not match another tag', () => expect(ifNoneMatchMatches('"abd"', tag)).toBe(false));
  it('does not match a list without it', () => expect(ifNoneMatchMatches('"a", W/"b"', tag)).toBe(false));
  it('does not match an unquoted value', () => expect(ifNoneMatchMatches('abc', tag)).toBe(false));
  it('does not match when absent', () => {
    expect(ifNoneMatchMatches(null, tag)).toBe(false);
    expect(ifNoneMatchMatches('', tag)).toBe(false);
  });
});
