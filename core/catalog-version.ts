/**
 * Catalog.version: bumped when a field of Catalog, Skill or Bundle is removed or changes meaning.
 * The fingerprint is of those response schemas; a test fails when they change and this pair was not
 * revisited. After deciding (bump or not), update the fingerprint to the one the test prints.
 */
export const CATALOG_VERSION = 1;
export const CATALOG_SCHEMA_FINGERPRINT = '765afcd842971387';
