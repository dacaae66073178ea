/** The types the code uses: generated from schema/ (never written by hand), plus the few values
 * that are code, not schema. */
export type * from './types.generated.ts';
import type { ClusterId, SortName } from './types.generated.ts';

/** Catalogue order of the clusters, as schema/defs.schema.json lists them. */
export const CLUSTER_IDS: readonly ClusterId[] = [
  'ideas', 'ship', 'design', 'activation', 'positioning', 'pricing', 'gtm',
];

export const SORT_NAMES: readonly SortName[] = ['default', 'price_asc', 'price_desc', 'title'];

export const CURRENCY = 'EUR' as const;
export const TAX_NOTE = 'net, VAT added at checkout' as const;
