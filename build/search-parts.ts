/**
 * Each item's part of the search index, kept in the build cache by its key (the digest of the
 * search code and of the item's input: build/run/index.ts) as core/search.ts joins them: numbers
 * into one list of terms, so that the join counts words in arrays. The file is that list and the
 * keys as JSON, then every part's numbers one after another as 32-bit integers, read as they lie:
 * 50,000 parts are one view of one buffer, not a text to parse. Terms are added to the list as
 * parts need them; once fewer than half of them are used, the list is made again from the parts kept.
 */
import { readFileSync } from 'node:fs';
import { eachNumberedTerm, numberedPart, numberedPartLength } from '../core/search.ts';
import type { NumberedParts, SearchPart } from '../core/search.ts';
import { writeFileAtomically } from './atomic-file.ts';

/** Bumped when the file's layout changes. */
const FORMAT = 2;

/** The file's head, as JSON: the terms, and the key of each part in the order they lie. */
interface PartsHead {
  format: number;
  terms: string[];
  keys: string[];
}

export interface SearchPartStore {
  /** The parts of these items, by their keys, each made by `make` (given its place among them)
   * when the store holds none under its key. */
  parts(keys: readonly string[], make: (index: number) => SearchPart): NumberedParts;
  /** Writes the parts this build used, when they are not the last build's. */
  save(): void;
}

type Part = Int32Array;

/** The parts kept at `path` (none: a build without a cache, which keeps nothing). */
export function openSearchParts(path: string | undefined): SearchPartStore {
  let terms: string[] | undefined;
  let last: Map<string, Part> | undefined;
  let used: Map<string, Part> | undefined;
  let changed = false;
  const read = (): void => {
    terms = [];
    last = new Map();
    if (path === undefined) return;
    try {
      const bytes = readFileSync(path);
      const headLength = bytes.readUInt32LE(0);
      const head = JSON.parse(bytes.toString('utf8', 4, 4 + headLength)) as PartsHead;
      if (head.format !== FORMAT || !Array.isArray(head.terms) || !Array.isArray(head.keys)) return;
      const start = align(4 + headLength);
      // A copy into an aligned buffer of its own: the read buffer may sit anywhere in a pool.
      const numbers = new Int32Array(bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + bytes.length));
      const parts = new Map<string, Part>();
      let at = 0;
      for (const key of head.keys) {
        const length = numberedPartLength(numbers, at);
        // A part that runs past the end: not a file this code wrote whole.
        if (at + length > numbers.length) return;
        parts.set(key, numbers.subarray(at, at + length));
        at += length;
      }
      if (at !== numbers.length) return;
      terms = head.terms;
      last = parts;
    } catch {
      // None yet, or unreadable: every part is made.
    }
  };
  return {
    parts(keys, make) {
      if (!last) read();
      const list = terms!;
      const places = new Map<string, number>();
      const placeOf = (term: string) => {
        if (places.size === 0) list.forEach((known, place) => places.set(known, place));
        let place = places.get(term);
        if (place === undefined) places.set(term, (place = list.push(term) - 1));
        return place;
      };
      used = new Map();
      const parts = keys.map((key, index) => {
        let part = used!.get(key) ?? last!.get(key);
        if (part === undefined) {
          part = numberedPart(make(index), placeOf);
          changed = true;
        }
        used!.set(key, part);
        return part;
      });
      if (used.size !== last!.size) changed = true;
      return { terms: list, parts };
    },
    save() {
      if (path === undefined || !terms || !used || !changed) return;
      writeFileAtomically(path, fileOf(compacted(terms, used)));
    },
  };
}

const align = (at: number) => (at + 3) & ~3;

/** The file's bytes in pieces, its head and then each part's numbers as they lie in memory: at
 * 50,000 items the parts are 47 MB, never copied into one buffer. */
function* fileOf({ terms, parts }: { terms: string[]; parts: Map<string, Part> }): Generator<Uint8Array> {
  const head = Buffer.from(JSON.stringify({ format: FORMAT, terms, keys: [...parts.keys()] } satisfies PartsHead));
  const start = Buffer.alloc(4);
  start.writeUInt32LE(head.length, 0);
  yield start;
  yield head;
  // The numbers start on a multiple of 4, as an Int32Array over the file's bytes needs (read).
  yield Buffer.alloc(align(4 + head.length) - 4 - head.length);
  for (const part of parts.values()) yield new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
}

/** These parts, with a list of only the terms they use when most of the list is unused. */
function compacted(terms: readonly string[], parts: ReadonlyMap<string, Part>): { terms: string[]; parts: Map<string, Part> } {
  const inUse = new Uint8Array(terms.length);
  let used = 0;
  for (const part of parts.values()) {
    eachNumberedTerm(part, (_field, at) => {
      if (inUse[part[at]] === 0) used += 1;
      inUse[part[at]] = 1;
    });
  }
  if (used * 2 >= terms.length) return { terms: [...terms], parts: new Map(parts) };
  const places = new Int32Array(terms.length).fill(-1);
  const kept: string[] = [];
  for (let place = 0; place < terms.length; place++) if (inUse[place]) places[place] = kept.push(terms[place]) - 1;
  const renumbered = new Map<string, Part>();
  for (const [key, part] of parts) {
    const copy = Int32Array.from(part);
    eachNumberedTerm(copy, (_field, at) => { copy[at] = places[copy[at]]; });
    renumbered.set(key, copy);
  }
  return { terms: kept, parts: renumbered };
}
