import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateTypes, typesFile } from './types.ts';

describe('generated types', () => {
  it('are up to date with schema/ (run `npm run types` after changing a schema)', async () => {
    expect(await readFile(typesFile, 'utf8')).toBe(await generateTypes());
  });
});
