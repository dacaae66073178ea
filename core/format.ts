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
  const euros = grouped(Math.floor(abs / 100));
  return `${sign}€${euros}.${String(abs % 100).padStart(2, '0')}`;
}

/** A whole number with a comma between each three digits (`32,768`), as `toLocaleString('en')`
 * writes it, without Intl: the first number Intl formats in a process loads ICU's number format. */
export function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `1 skill`, `3 skills`. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
