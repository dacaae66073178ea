/** The types the code uses, and the values of the schema's enums and consts: all generated from
 * schema/ (`npm run types`), never written by hand. */
export type * from './types.generated.ts';
export { CLUSTER_IDS, CURRENCY, SKILL_KINDS, SORT_NAMES, TAX_NOTE } from './types.generated.ts';
