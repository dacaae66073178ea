/**
 * How the build names what it reuses: every key is the base64url SHA-256 of what decides it. A
 * value's digest is that of its JSON text, with each object digested before (a skill, the frame)
 * standing for its own digest rather than its text again, so a key over a page of a hundred
 * skills hashes a hundred digests, not a hundred skills' text. The same value always has the same
 * digest in one build and the next: the objects are digested in the same order by the same code,
 * and nothing digested is changed afterwards (the model is made once and only read).
 */
import { createHash, hash } from 'node:crypto';
import { BuildDefinitionError } from '../site/errors.ts';

/** The digest of the parts one after another (a string as its UTF-8 bytes). */
export function hashText(...parts: (string | Uint8Array)[]): string {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part);
  return digest.digest('base64url');
}

/** The one rule of reuse's key: what `code` makes of `input` is known by the digest of the two
 * (the code as its digest, build/code.ts; the input as digestOf reads it). Asked once per task,
 * so one hash of one text, and nothing remembered of the input. */
export const keyOf = (code: string, input: unknown): string => hashOne(`${code}\n${textOf(input)}`);

/** The digest of one string or byte array, without a Hash object (most keys are one part). */
const hashOne = (text: string | Uint8Array): string => hash('sha256', text, 'base64url');

/** Each object digested so far, by identity. */
const digests = new WeakMap<object, string>();

/** What a digested object is in the text of a value holding it: no JSON text of content starts so. */
const DIGESTED = '\u0000#';

/** Remembers the digest of `value`, whose JSON text is `text` (made by its owner anyway: a skill's,
 * for catalog.json): values holding it are digested with its digest in its place. */
export function digestOfText(value: object, text: string): string {
  const digest = hashOne(text);
  digests.set(value, digest);
  return digest;
}

/**
 * The digest of a plain value (what a task is handed). Bytes count by their own digest; a
 * function, a symbol, a bigint or an instance of a class is refused, since JSON would drop it or
 * show nothing of it, and a fact the digest cannot see would be a stale key.
 */
export function digestOf(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    const known = digests.get(value);
    if (known !== undefined) return known;
  }
  const digest = value instanceof Uint8Array ? hashOne(value) : hashOne(textOf(value));
  if (typeof value === 'object' && value !== null) digests.set(value, digest);
  return digest;
}

/** The text a value is digested by: its JSON, each object digested before standing for its digest. */
const textOf = (value: unknown): string => (value instanceof Uint8Array ? `${DIGESTED}${hashOne(value)}` : JSON.stringify(value, replaceDigested) ?? 'undefined');

/** JSON.stringify's replacer for digestOf: `this[key]` is the value before any `toJSON`. */
function replaceDigested(this: Record<string, unknown>, key: string, item: unknown): unknown {
  const raw = this[key];
  if (typeof raw === 'function' || typeof raw === 'symbol' || typeof raw === 'bigint') {
    throw new BuildDefinitionError(`A value to digest holds a ${typeof raw} at "${key}", which its digest cannot see.`);
  }
  if (typeof raw !== 'object' || raw === null) return item;
  // The value itself (key '') is digested by its text, whatever is known of it.
  if (key !== '') {
    const known = digests.get(raw);
    if (known !== undefined) return `${DIGESTED}${known}`;
  }
  if (raw instanceof Uint8Array) return `${DIGESTED}${digestOf(raw)}`;
  if (!Array.isArray(raw)) {
    const prototype = Object.getPrototypeOf(raw);
    if (prototype !== Object.prototype && prototype !== null) {
      throw new BuildDefinitionError(`A value to digest holds a ${prototype?.constructor?.name ?? 'class'} instance at "${key}", which its digest cannot see.`);
    }
  }
  return item;
}
