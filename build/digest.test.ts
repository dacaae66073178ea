/** How the cache names things (digest.ts): one name for the same bytes, however they are fed. */
import { describe, expect, it } from 'vitest';
import { canonicalJson, hashText, objectHasher, objectName, valueDigest } from './digest.ts';

describe('objectName', () => {
  it('names the same bytes alike whether given whole, as text or in pieces (a file joined from parts is named as it is written)', () => {
    const text = 'café ✓ 𝄞\n<p>one</p>';
    const bytes = Buffer.from(text);
    const pieces = objectHasher();
    for (const part of [bytes.subarray(0, 3), bytes.subarray(3, 11), bytes.subarray(11)]) pieces.update(part);
    expect(objectName(text)).toBe(objectName(bytes));
    expect(objectName(new Uint8Array(bytes))).toBe(objectName(bytes));
    expect(pieces.digest('hex')).toBe(objectName(text));
    // The hex SHA-256 of no bytes.
    expect(objectName('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('valueDigest', () => {
  const long = (end: string) => `${'{"skills":[]}'.repeat(6_000)}${end}`;

  it('is the digest of the canonical text for a value with no long string', () => {
    const value = { bytes: 'short', layout: { skills: [1, 2] } };
    expect(valueDigest(value)).toBe(hashText(canonicalJson(value)));
  });

  it('tells apart values that differ anywhere, a long string by its last character too', () => {
    const digests = [
      { bytes: long('a'), layout: { n: 1 } },
      { bytes: long('b'), layout: { n: 1 } },
      { bytes: long('a'), layout: { n: 2 } },
      { bytes: long('a'), other: { n: 1 } },
      { bytes: long('ab'), layout: { n: 1 } },
      { bytes: long('a').slice(1), layout: { n: 1 } },
      { bytes: long('a') },
      { layout: { n: 1 }, bytes: long('a') },
      { bytes: long('a'), layout: long('a') },
      // Bytes, of any length, by their own bytes: apart from the string of the same text.
      { bytes: Buffer.from(long('a')), layout: { n: 1 } },
      { bytes: Buffer.from(long('b')), layout: { n: 1 } },
      { bytes: Buffer.from('a'), layout: { n: 1 } },
      { bytes: Buffer.from(''), layout: { n: 1 } },
      { bytes: 'a', layout: { n: 1 } },
    ].map(valueDigest);
    expect(new Set(digests).size).toBe(digests.length);
    expect(valueDigest({ bytes: long('a'), layout: { n: 1 } })).toBe(digests[0]);
    expect(valueDigest({ bytes: new Uint8Array(Buffer.from(long('a'))), layout: { n: 1 } })).toBe(digests[9]);
  });

  it('leaves a string its bytes cannot tell apart to the JSON text, and refuses what it cannot see into', () => {
    // A lone surrogate and U+FFFD have the same UTF-8 bytes; their JSON texts differ.
    expect(valueDigest({ bytes: long('\uD800') })).not.toBe(valueDigest({ bytes: long('\uFFFD') }));
    expect(() => valueDigest({ bytes: long('a'), render: () => 1 })).toThrow(/holds a function/);
  });
});
