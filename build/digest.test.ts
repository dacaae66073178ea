/** How the cache names things (digest.ts): one name for the same bytes, however they are fed. */
import { describe, expect, it } from 'vitest';
import { objectHasher, objectName } from './digest.ts';

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
