/**
 * Results and the table `npm run verify` prints. A check looks at one URL and gives a result; the
 * table folds the passing URLs of a check into one row and gives every failure a row of its own, so
 * a healthy site fits on a screen and a broken one names each broken address.
 */

export type Outcome = 'pass' | 'fail' | 'skip';

export interface Result {
  /** The check's name, as the table and the `--local` list spell it. */
  check: string;
  url: string;
  outcome: Outcome;
  /** What was found (pass), what is wrong (fail), or why it was not checked (skip). */
  detail: string;
}

/** A row of the table: a result, or several passing results of one check folded together. */
export type Row = Result;

/** One row per failing URL; the passing (or skipped) URLs of a check share one row. */
export function foldResults(results: readonly Result[]): Row[] {
  const rows: Row[] = [];
  const folded = new Map<string, { row: Row; count: number }>();
  for (const result of results) {
    if (result.outcome === 'fail') {
      rows.push({ ...result });
      continue;
    }
    const key = `${result.check}\u0000${result.outcome}`;
    const existing = folded.get(key);
    if (existing) {
      existing.count += 1;
      // The detail of a folded row is the check's own sentence, the same for every URL it covers.
      if (existing.row.detail !== result.detail) existing.row.detail = foldedDetail(result.outcome);
      continue;
    }
    const row = { ...result };
    folded.set(key, { row, count: 1 });
    rows.push(row);
  }
  for (const { row, count } of folded.values()) {
    if (count > 1) row.url = `${row.url} (+${count - 1} more)`;
  }
  return rows;
}

const foldedDetail = (outcome: Outcome) => (outcome === 'skip' ? 'skipped' : 'every URL passed');

const HEADINGS = { check: 'CHECK', url: 'URL', outcome: 'RESULT', detail: 'DETAIL' } as const;
const SHOWN: Record<Outcome, string> = { pass: 'pass', fail: 'FAIL', skip: 'skip' };

/** A plain-text table: fixed columns for check, URL and result, the detail as it comes. */
export function formatTable(rows: readonly Row[], base: string): string {
  const shownUrl = (url: string) => (url.startsWith(`${base}/`) ? url.slice(base.length) : url);
  const cells = rows.map((row) => [row.check, shownUrl(row.url), SHOWN[row.outcome], oneLine(row.detail)]);
  const header = [HEADINGS.check, HEADINGS.url, HEADINGS.outcome, HEADINGS.detail];
  const widths = [0, 1, 2].map((column) => Math.max(header[column].length, ...cells.map((cell) => cell[column].length)));
  const line = (cell: string[]) => cell.map((text, column) => (column < 3 ? text.padEnd(widths[column]) : text)).join('  ').trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width)).concat('------')), ...cells.map(line)].join('\n');
}

export function summaryLine(results: readonly Result[], requestCount: number): string {
  const count = (outcome: Outcome) => results.filter((result) => result.outcome === outcome).length;
  return `${results.length} checks (${requestCount} requests): ${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped`;
}

/** 0 only when nothing failed; a skipped check was named and explained, so it is not a failure. */
export function exitCodeOf(results: readonly Result[]): number {
  return results.some((result) => result.outcome === 'fail') ? 1 : 0;
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');
