/**
 * How a price and a count read wherever the service shows them: on the pages and twins (site/), and
 * on the cards a function draws at request time, which must read as their pages do.
 */

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

/** `1 skill`, `3 skills`. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
