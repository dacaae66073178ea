/** Runs `npm run verify`'s script as a user does, in a process of its own, and reads its table back. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = fileURLToPath(new URL('../../scripts/verify.ts', import.meta.url));

export interface TableRow {
  check: string;
  url: string;
  result: 'pass' | 'FAIL' | 'skip';
  detail: string;
}

export interface VerifyRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  rows: TableRow[];
}

export function runVerify(args: string[], { timeoutMs = 240_000 } = {}): Promise<VerifyRun> {
  return new Promise((resolve, reject) => {
    // The Node running the tests (the project's pinned one), with tsx as its loader, as npm run does.
    execFile(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { cwd: ROOT, timeout: timeoutMs, maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        reject(new Error(`verify did not finish: ${error.message}\n${stdout}\n${stderr}`));
        return;
      }
      resolve({ exitCode: typeof error?.code === 'number' ? error.code : 0, stdout, stderr, rows: tableRows(stdout) });
    });
  });
}

/** The rows of the printed table: columns start where their headings do. */
export function tableRows(stdout: string): TableRow[] {
  const lines = stdout.split('\n');
  const headerIndex = lines.findIndex((line) => /^CHECK\s+URL\s+RESULT\s+DETAIL$/.test(line));
  if (headerIndex < 0) return [];
  const header = lines[headerIndex];
  const [urlAt, resultAt, detailAt] = ['URL', 'RESULT', 'DETAIL'].map((heading) => header.indexOf(heading));
  const rows: TableRow[] = [];
  for (const line of lines.slice(headerIndex + 2)) {
    if (line.trim() === '') break;
    rows.push({
      check: line.slice(0, urlAt).trim(),
      url: line.slice(urlAt, resultAt).trim(),
      result: line.slice(resultAt, detailAt).trim() as TableRow['result'],
      detail: line.slice(detailAt).trim(),
    });
  }
  return rows;
}

/** A failure listed whole, for an assertion message. */
export const describeRows = (rows: TableRow[]) => rows.map((row) => `${row.check} ${row.url} ${row.result} ${row.detail}`).join('\n');
