/**
 * A retiring major, made up for the test: the static files' headers announce it on its prefix, as
 * the functions do on theirs (core/catalog-answer.test.ts), and the current major says nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../build/index.ts';
import { headerInput, headerRules } from '../site/headers.ts';
import type { MajorLifecycle } from '../core/headers.ts';
import type { CatalogueModel } from '../site/model.ts';

const retiring: Readonly<Record<number, MajorLifecycle>> = {
  1: { deprecation: new Date('2027-03-01T00:00:00Z'), sunset: new Date('2027-09-01T12:00:00Z'), link: 'https://shop.example/docs/api/v2-migration' },
  2: {},
};

let out: string;
let model: CatalogueModel;
beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'retiring-'));
  ({ model } = await build({ contentDir: join(import.meta.dirname, 'fixtures/content-small'), outDir: out, constantsFile: null }));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('_headers when an older major retires', () => {
  it('gives the retiring prefix its deprecation, sunset and link', () => {
    const rule = headerRules(headerInput(model), { majors: retiring, current: 2 }).find((candidate) => candidate.path === '/v1/*');
    expect(rule?.headers).toEqual({
      deprecation: `@${Date.UTC(2027, 2, 1) / 1000}`,
      sunset: 'Wed, 01 Sep 2027 12:00:00 GMT',
      link: '<https://shop.example/docs/api/v2-migration>; rel="deprecation"; type="text/html"',
    });
    const all = headerRules(headerInput(model), { majors: retiring, current: 2 }).find((candidate) => candidate.path === '/*')!.headers;
    expect(all['api-version']).toBe('2');
    expect(all).not.toHaveProperty('deprecation');
  });

  it('adds nothing while no major retires', () => {
    // The /v1 copies of the files have rules of their own (build/mirror.ts), none announcing a retirement.
    // A Link of another relation (the API catalog's) announces nothing.
    const announcing = headerRules(headerInput(model)).filter((rule) =>
      ['deprecation', 'sunset'].some((name) => name in rule.headers) || /rel="(deprecation|sunset)"/.test(rule.headers.link ?? ''));
    expect(announcing).toEqual([]);
    const all = headerRules(headerInput(model)).find((rule) => rule.path === '/*')!.headers;
    expect(all).not.toHaveProperty('deprecation');
    expect(all).not.toHaveProperty('sunset');
  });
});
