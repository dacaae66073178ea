/** How the cache names things: keys by the base64url SHA-256 of what decides them, objects by the
 * hex SHA-256 of their bytes. Page workers name what they write with the same function. */
import { createHash, hash as digestOnce } from 'node:crypto';
import { BuildDefinitionError } from '../site/errors.ts';

/** The digest of the parts one after another (a string as its UTF-8 bytes). */
export function hashText(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url');
}

/** How an object is named: the hex SHA-256 of its bytes, fed in one piece or in several. */
export const objectHasher = () => createHash('sha256');
// In one call, without a Hash object: every file a build writes is named, and making a Hash for
// each cost 10 to 20 % of naming them all.
export const objectName = (bytes: string | Uint8Array): string => digestOnce('sha256', bytes, 'hex');

/**
 * A value as text to digest, every value in it: a Map or a Set by its entries in order, bytes as
 * base64. A function or any other object a digest cannot see into is refused, so nothing digested
 * (a part of the model, the build's sources) hides a fact.
 */
export function canonicalJson(value: unknown): string {
  // Plain data is its own JSON text: the native serialiser alone, without a call per value.
  return isPlainData(value) ? JSON.stringify(value) : JSON.stringify(value, function (_key, item: unknown) {
    if (item instanceof Map) return { map: [...item] };
    if (item instanceof Set) return { set: [...item] };
    if (item instanceof Uint8Array) return { bytes: Buffer.from(item).toString('base64') };
    if (typeof item === 'function' || typeof item === 'symbol' || typeof item === 'bigint') throw new BuildDefinitionError(`A value to digest holds a ${typeof item}, which its digest cannot see.`);
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
      const prototype = Object.getPrototypeOf(item);
      if (prototype !== Object.prototype && prototype !== null) throw new BuildDefinitionError(`A value to digest holds a ${prototype?.constructor?.name ?? 'class'} instance, which its digest cannot see.`);
    }
    return item;
  });
}

/**
 * The base64url SHA-256 of a value's canonical text (canonicalJson), but for bytes or a long string
 * among a plain object's own fields (catalog.json's bytes in the model's `catalogFile`): those are
 * fed as their length and their own bytes, framed as no JSON text can be (`:#`), not escaped into
 * JSON first. Escaping catalog.json's 6.6 MB at 4,000 skills took 120 to 200 ms of every build after a
 * change; hashing them, 10 to 35 ms. A string with a lone surrogate, which its UTF-8 bytes would
 * not tell from U+FFFD, is left to the JSON text, which escapes it.
 */
export function valueDigest(value: unknown): string {
  const hash = createHash('sha256');
  // Each field with its text when it is fed as its bytes: the check reads a long string whole, so once.
  const fields = isFieldRecord(value) ? Object.entries(value).map(([field, item]) => ({ field, item, long: isLongString(item) || item instanceof Uint8Array ? item : undefined })) : [];
  if (!fields.some(({ long }) => long !== undefined)) return hash.update(canonicalJson(value)).digest('base64url');
  hash.update('{');
  for (const { field, item, long } of fields) {
    if (item === undefined) continue;
    hash.update(`${JSON.stringify(field)}:`);
    // Bytes are told from a string of the same text by their mark: `b`.
    if (long !== undefined) hash.update(`#${long.length}${typeof long === 'string' ? '' : 'b'}:`).update(long);
    else hash.update(canonicalJson(item));
    hash.update(',');
  }
  return hash.update('}').digest('base64url');
}

const LONG_STRING = 1 << 16;
const isLongString = (item: unknown): item is string => typeof item === 'string' && item.length >= LONG_STRING && item.isWellFormed();
const isFieldRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && !('toJSON' in value);

/** Only what JSON.stringify writes as it is: strings, numbers, booleans, null, undefined, arrays and
 * objects of no class, with no `toJSON`. Anything else goes through canonicalJson's replacer. */
function isPlainData(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return typeof value !== 'function' && typeof value !== 'symbol' && typeof value !== 'bigint';
  if (Array.isArray(value)) {
    for (const item of value) if (!isPlainData(item)) return false;
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if ((prototype !== Object.prototype && prototype !== null) || 'toJSON' in value) return false;
  for (const key in value) if (!isPlainData((value as Record<string, unknown>)[key])) return false;
  return true;
}
