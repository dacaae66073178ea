/**
 * Lighthouse on the phone preset (its default form factor, simulated throttling) against the local
 * Netlify runtime: the overview and one skill, bundle and cluster page score at least 95 in
 * performance, accessibility, best practices and SEO. `npm run lighthouse` prints the same table.
 */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../core/types.ts';
import { auditPages, CATEGORIES, MIN_SCORE, pagesToAudit, scoreTable, shortfalls } from '../../scripts/lighthouse/audit.ts';
import { serverUrl as base } from '../helpers/server.ts';
import { readDistJson } from '../helpers/dist.ts';

const AUDIT_LIMIT_MS = 15 * 60_000;

describe('Lighthouse, mobile preset', () => {
  it(`scores the home, a skill, a bundle and a cluster page at least ${MIN_SCORE} in every category`, async () => {
    const pages = pagesToAudit(readDistJson<Catalog>('catalog.json'));
    expect(pages.map((page) => page.name)).toEqual(['home', 'skill', 'bundle', 'cluster']);
    const results = await auditPages(base, pages);
    console.log(scoreTable(results));
    for (const result of results) expect(Object.keys(result.scores)).toEqual([...CATEGORIES]);
    expect(shortfalls(results)).toEqual([]);
  }, AUDIT_LIMIT_MS);
});
