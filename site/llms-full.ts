/**
 * Which files `llms-full.txt`'s text is written to. While the intro and every twin fit one file of
 * `LLMS_FULL_MAX_BYTES`, that is `llms-full.txt` alone, as it always was. Past it the twins go, in
 * catalogue order and never one across two files, into `llms-full-1.txt`, `llms-full-2.txt`, …, each
 * within the limit, and `llms-full.txt` becomes a short index of them: the address llms.txt links
 * stays the one entry, and an agent reads the index, then only the parts it needs, each whole,
 * rather than following a chain part by part. Pure: the callers give each twin's size.
 */
import { LLMS_FULL_FILE, llmsFullPartFile, TEXT_FILE_MAX_BYTES } from '../core/published-files.ts';
import { PublishLimitError } from './errors.ts';

/** One text file's ceiling (core/published-files.ts). */
export const LLMS_FULL_MAX_BYTES = TEXT_FILE_MAX_BYTES;

/** The text that goes between two twins, and before the first. */
export const LLMS_FULL_SEPARATOR = '\n';

/** One file to write: `head`, then each twin (a path of the built folder), the separator before each. */
export interface LlmsFullFile {
  path: string;
  head: string;
  twins: string[];
}

export interface LlmsFullText {
  /** What opens the single file: the intro. */
  intro: string;
  /** What opens part `n` of `total`; no longer for any `n` than for `n = total`. */
  partHead: (n: number, total: number) => string;
  /** The index `llms-full.txt` becomes past `limit` bytes: one entry per part, with how many twins it holds. */
  index: (parts: readonly { file: string; twins: number }[], limit: number) => string;
}

/**
 * Groups consecutive items so that `head` plus each item (`separator` before it) stays within
 * `limit` bytes: the `[from, to)` ranges, in order. An item that cannot fit even alone is an error
 * naming it by `nameOf`.
 */
export function splitBySize(sizes: readonly number[], headBytes: number, separatorBytes: number, limit: number, nameOf: (i: number) => string): [number, number][] {
  const ranges: [number, number][] = [];
  let from = 0;
  let used = headBytes;
  sizes.forEach((size, i) => {
    const alone = headBytes + separatorBytes + size;
    if (alone > limit) throw new PublishLimitError(`${nameOf(i)}: ${size} bytes, more than one ${LLMS_FULL_FILE} part holds (${limit} bytes with its head)`);
    if (used + separatorBytes + size > limit) {
      ranges.push([from, i]);
      from = i;
      used = headBytes;
    }
    used += separatorBytes + size;
  });
  if (from < sizes.length || ranges.length === 0) ranges.push([from, sizes.length]);
  return ranges;
}

const bytes = (text: string) => Buffer.byteLength(text);

/** The files for these twins (paths, with `sizeOf` each one's bytes): `llms-full.txt` alone, or the index and its parts. */
export function llmsFullFiles(
  text: LlmsFullText,
  twins: readonly string[],
  sizeOf: (path: string) => number,
  limit = LLMS_FULL_MAX_BYTES,
): LlmsFullFile[] {
  const sizes = twins.map(sizeOf);
  const separatorBytes = bytes(LLMS_FULL_SEPARATOR);
  const whole = sizes.reduce((sum, size) => sum + separatorBytes + size, bytes(text.intro));
  if (whole <= limit) return [{ path: LLMS_FULL_FILE, head: text.intro, twins: [...twins] }];
  // Every part's head is reserved at its longest, so the split is known before the count is.
  const ranges = splitBySize(sizes, bytes(text.partHead(twins.length, twins.length)), separatorBytes, limit, (i) => twins[i]);
  const parts = ranges.map(([from, to], k) => ({ path: llmsFullPartFile(k + 1), head: text.partHead(k + 1, ranges.length), twins: twins.slice(from, to) }));
  return [{ path: LLMS_FULL_FILE, head: text.index(parts.map((part) => ({ file: part.path, twins: part.twins.length })), limit), twins: [] }, ...parts];
}

/** A file's bytes: its head, then each twin's bytes, the separator before each. */
export function joinLlmsFull(head: string, twins: readonly Uint8Array[]): Buffer {
  const separator = Buffer.from(LLMS_FULL_SEPARATOR);
  return Buffer.concat([Buffer.from(head), ...twins.flatMap((twin) => [separator, twin])]);
}
