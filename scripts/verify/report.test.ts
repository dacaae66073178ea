import { describe, expect, it } from 'vitest';
import { exitCodeOf, foldResults, formatTable } from './report.ts';
import type { Result } from './report.ts';
import { tableRows } from '../../test/helpers/verify-cli.ts';

const base = 'https://a.example';
const pass = (check: string, path: string, detail = 'fine'): Result => ({ check, url: `${base}${path}`, outcome: 'pass', detail });
const fail = (check: string, path: string, detail: string): Result => ({ check, url: `${base}${path}`, outcome: 'fail', detail });

describe('the verify table', () => {
  it('folds the passing URLs of a check into one row and gives every failure its own', () => {
    const rows = foldResults([
      pass('skill JSON', '/skills/a.json'),
      pass('skill JSON', '/skills/b.json'),
      fail('skill JSON', '/skills/c.json', 'status: expected 200, got 404'),
      pass('skill JSON', '/skills/d.json'),
      fail('skill JSON', '/skills/e.json', 'header etag: expected an entity-tag, got none'),
    ]);
    expect(rows).toEqual([
      { check: 'skill JSON', url: `${base}/skills/a.json (+2 more)`, outcome: 'pass', detail: 'fine' },
      { check: 'skill JSON', url: `${base}/skills/c.json`, outcome: 'fail', detail: 'status: expected 200, got 404' },
      { check: 'skill JSON', url: `${base}/skills/e.json`, outcome: 'fail', detail: 'header etag: expected an entity-tag, got none' },
    ]);
  });

  it('prints check, URL (relative to the site), result and detail in columns', () => {
    const table = formatTable(foldResults([pass('version.json', '/version.json', '200'), fail('JSON 404', '/x.json', 'status: expected 404,\ngot 200')]), base);
    expect(tableRows(table)).toEqual([
      { check: 'version.json', url: '/version.json', result: 'pass', detail: '200' },
      { check: 'JSON 404', url: '/x.json', result: 'FAIL', detail: 'status: expected 404, got 200' },
    ]);
  });

  it('exits 0 only when nothing failed; a skip is not a failure', () => {
    expect(exitCodeOf([pass('a', '/'), { check: 'b', url: base, outcome: 'skip', detail: 'why' }])).toBe(0);
    expect(exitCodeOf([pass('a', '/'), fail('b', '/', 'no')])).toBe(1);
    expect(exitCodeOf([])).toBe(0);
  });
});
