import { describe, expect, it } from 'vitest';
import { CATALOG_SCHEMA_FINGERPRINT, CATALOG_VERSION } from './catalog-version.ts';
import { catalogSchemaFingerprint } from '../build/catalog-fingerprint.ts';

describe('Catalog.version', () => {
  it('was revisited after the last change to the Catalog, Skill or Bundle schemas', () => {
    const current = catalogSchemaFingerprint();
    expect(
      current,
      `The response schemas changed. If a field was removed or changed meaning, bump CATALOG_VERSION (now ${CATALOG_VERSION}); ` +
        `then set CATALOG_SCHEMA_FINGERPRINT in core/catalog-version.ts to '${current}'.`,
    ).toBe(CATALOG_SCHEMA_FINGERPRINT);
  });

  it('is a positive integer', () => {
    expect(Number.isInteger(CATALOG_VERSION) && CATALOG_VERSION >= 1).toBe(true);
  });
});
