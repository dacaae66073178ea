import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ifNoneMatchMatches, strongEtag } from './etag.ts';
import { propertyRuns } from '../test/helpers/property.ts';

describe('strongEtag', () => {
  it('is a quoted strong tag that changes with the body', () => {
    const tag = strongEtag('{"a":1}');
    expect(tag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(strongEtag('{"a":1}')).toBe(tag);
    expect(strongEtag('{"a":2}')).not.toBe(tag);
  });

  it('never contains "-", so a CDN suffix in a returned tag cannot be part of ours', () => {
    fc.assert(fc.property(fc.string(), (body) => !strongEtag(body).includes('-')), { numRuns: propertyRuns(100) });
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

// Tags as CDNs hand them out for the compressed variant of an answer whose own tag is ours.
describe('ifNoneMatchMatches behind a compressing CDN', () => {
  const ours = strongEtag('{"skills":[]}');
  const inner = ours.slice(1, -1);

  it("matches Netlify's tag for the gzip or br variant, <tag>-df inside the quotes", () => {
    expect(ifNoneMatchMatches(`"${inner}-df"`, ours)).toBe(true);
  });

  it('matches the weak form W/"<tag>-df"', () => {
    expect(ifNoneMatchMatches(`W/"${inner}-df"`, ours)).toBe(true);
  });

  it("matches stock Apache Traffic Server's form, -df after the closing quote", () => {
    expect(ifNoneMatchMatches(`${ours}-df`, ours)).toBe(true);
  });

  it("matches Apache httpd's -gzip and -br variants", () => {
    expect(ifNoneMatchMatches(`"${inner}-gzip"`, ours)).toBe(true);
    expect(ifNoneMatchMatches(`"${inner}-br"`, ours)).toBe(true);
  });

  it('matches a suffixed tag inside a list, as a browser holding several variants sends it', () => {
    expect(ifNoneMatchMatches(`"0123", W/"${inner}-df", "4567-df"`, ours)).toBe(true);
  });

  it('does not match an older answer compressed by the CDN', () => {
    expect(ifNoneMatchMatches(`"${strongEtag('{"skills":[1]}').slice(1, -1)}-df"`, ours)).toBe(false);
  });

  it('removes only the known suffixes', () => {
    for (const unknown of ['-gz', '-deflate', '-zstd', '-ssl', 'df', '_df', '-DF']) {
      expect(ifNoneMatchMatches(`"${inner}${unknown}"`, ours), unknown).toBe(false);
    }
  });

  it('removes one suffix, not two', () => {
    expect(ifNoneMatchMatches(`"${inner}-df-df"`, ours)).toBe(false);
  });

  it('never removes a suffix from our own tag: "abc" does not match a server tag "abc-df"', () => {
    expect(ifNoneMatchMatches('"abc"', '"abc-df"')).toBe(false);
    expect(ifNoneMatchMatches('"abc-df"', '"abc-df"')).toBe(true);
  });
});
