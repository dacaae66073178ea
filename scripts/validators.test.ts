import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateValidators, validatorsFile } from './validators.ts';

describe('compiled validators', () => {
  it('are up to date with schema/ (run `npm run types` after changing a schema)', async () => {
    expect(await readFile(validatorsFile, 'utf8')).toBe(generateValidators());
  });
});
