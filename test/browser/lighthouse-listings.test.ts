/**
 * Lighthouse, phone preset, on the listing pages of a catalogue of 10,000 skills and 1,000 bundles:
 * the sample built into a folder of its own, its skills and bundles then copied under new slugs,
 * and served as Netlify serves static files (test/helpers/large-listings.ts). `/skills/`, a later
 * page of the largest cluster and the overview score at least 95 in every category.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages } from '../../site/pages/registry.ts';
import { auditPages, CATEGORIES, MIN_SCORE, scoreTable, shortfalls } from '../../scripts/lighthouse/audit.ts';
import { serveLargeListings } from '../helpers/large-listings.ts';
import type { LargeListings } from '../helpers/large-listings.ts';

const SKILLS = 10_000;
const BUNDLES = 1_000;
const AUDIT_LIMIT_MS = 10 * 60_000;

let listings: LargeListings | undefined;

beforeAll(async () => {
  listings = await serveLargeListings(SKILLS, BUNDLES);
}, 120_000);

afterAll(async () => {
  await listings?.close();
});

describe(`Lighthouse, mobile preset, on the listings of ${SKILLS.toLocaleString('en')} skills`, () => {
  it(`scores /skills/, a cluster's second page and the overview at least ${MIN_SCORE} in every category`, async () => {
    // A cluster's second page: a later page, with its links both ways.
    const later = allPages(listings!.model).filter((page) => page.kind === 'cluster' && page.path.endsWith('/page/2/'));
    expect(later.length).toBeGreaterThan(0);
    const pages = [
      { name: 'skills', path: '/skills/' },
      { name: 'cluster p2', path: later[0].path },
      { name: 'home', path: '/' },
    ];
    const results = await auditPages(listings!.base, pages);
    console.log(scoreTable(results));
    for (const result of results) expect(Object.keys(result.scores)).toEqual([...CATEGORIES]);
    expect(shortfalls(results)).toEqual([]);
  }, AUDIT_LIMIT_MS);
});
