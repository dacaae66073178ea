/** How values read on pages and in twins: one spelling for a price, a date, a count. The price and
 * the count are the core's (core/format.ts), since the cards a function draws show them too. */
export { count, formatEuro } from '../../core/format.ts';

/** `2026-01-01T00:00:00Z` → `1 January 2026` (the date's own calendar day, UTC). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
