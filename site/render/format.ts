/** How values read on pages and in twins: one spelling for a price, a date, a count. */

/**
 * Euro cents as `€19.00` (`€1,234.50`). Written out rather than through Intl so the build's bytes
 * do not depend on the ICU data of the machine that runs it.
 */
export function formatEuro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const euros = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}€${euros}.${String(abs % 100).padStart(2, '0')}`;
}

/** `2026-01-01T00:00:00Z` → `1 January 2026` (the date's own calendar day, UTC). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `1 skill`, `3 skills`. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
