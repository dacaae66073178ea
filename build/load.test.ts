/** Loading with a memo: a file the memo knows by its stamp is not read, and one it does not know is read and handed to it with the stamp it was read with. */
import { statSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, NO_DOCUMENT_MEMO } from './load.ts';
import type { DocumentMemo } from './load.ts';
import { isoSeconds } from './content-dates.ts';

const PROJECT_ROOT = join(import.meta.dirname, '..');
const CONTENT = join(PROJECT_ROOT, 'test/fixtures/content-small');

/** A memo that knows each file as `known` says, and keeps what it is handed. */
function memoOf(known: (path: string) => string | undefined) {
  const remembered: { path: string; ino: bigint; checkKey: string }[] = [];
  const memo: DocumentMemo = {
    ...NO_DOCUMENT_MEMO,
    fileDigest: (path) => known(path),
    rememberFileDigest: (path: string, stat: BigIntStats, checkKey: string) => {
      remembered.push({ path, ino: stat.ino, checkKey });
    },
  };
  return { memo, remembered };
}

describe('loading with a memo of the files\' digests', () => {
  it('takes the digest of a file it knows by its stamp without reading it, and dates it by its modification time', async () => {
    const { memo, remembered } = memoOf((path) => `known ${basename(path)}`);
    const content = await loadContent(CONTENT, PROJECT_ROOT, memo);
    const documents = [...content.skills, ...content.bundles];
    expect(documents.length).toBe(6);
    for (const document of documents) {
      expect(document.checkKey).toBe(`known ${basename(document.file)}`);
      expect(document.knownByStamp).toBe(true);
      expect(document.modified).toBe(isoSeconds(statSync(join(PROJECT_ROOT, document.file)).mtime));
    }
    expect(remembered).toEqual([]);
  });

  it('reads and hashes a file it does not know, as a load without a memo does, and hands the digest over with the stamp of the file it read', async () => {
    const { memo, remembered } = memoOf(() => undefined);
    const content = await loadContent(CONTENT, PROJECT_ROOT, memo);
    const plain = await loadContent(CONTENT, PROJECT_ROOT);
    const documents = [...content.skills, ...content.bundles];
    expect(documents.map(({ file, checkKey, modified }) => ({ file, checkKey, modified })))
      .toEqual([...plain.skills, ...plain.bundles].map(({ file, checkKey, modified }) => ({ file, checkKey, modified })));
    expect(documents.every((document) => !document.knownByStamp)).toBe(true);
    expect(remembered).toEqual(documents.map(({ file, checkKey }) => ({ path: join(PROJECT_ROOT, file), ino: statSync(join(PROJECT_ROOT, file), { bigint: true }).ino, checkKey })));
  });
});
