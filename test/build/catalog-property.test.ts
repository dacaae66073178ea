/**
 * Thousands of random queries answered in-process by the catalog function's core over the real
 * dist/catalog.json: each answer obeys every rule (test/helpers/catalog-queries.ts). The HTTP layer
 * sends a fixed sample of the same queries through the real runtime.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import functionConstants from '../../runtime/generated/function-constants.json' with { type: 'json' };
import { answerCatalog } from '../../core/catalog-answer.ts';
import { cachedCatalog, loadCatalog } from '../../runtime/catalog-source.ts';
import { distCatalog, distPath } from '../helpers/dist.ts';
import { expectedAnswer } from '../helpers/catalog-oracle.ts';
import { expectLawful, queryString, stamp } from '../helpers/catalog-queries.ts';
import { PROPERTY_SEED as SEED, propertyRuns, propertyTimeout } from '../helpers/property.ts';

const IN_PROCESS_RUNS = propertyRuns(4000);
const constants = { ...stamp, documentationUrl: functionConstants.documentationUrl };
const getCatalog = cachedCatalog(() => loadCatalog([distPath('catalog.json')], functionConstants.catalogLayout));
const record = (headers: Headers) => Object.fromEntries(headers.entries());

describe('catalogue queries, property-based, in-process', () => {
  it(`answers ${IN_PROCESS_RUNS} random queries in-process with a lawful JSON answer (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const url = new URL(`http://localhost/catalog.json?${query}`);
        const response = await answerCatalog(new Request(url), getCatalog, constants);
        expectLawful(url, { status: response.status, headers: record(response.headers), text: await response.text() });
      }),
      { numRuns: IN_PROCESS_RUNS },
    );
  }, propertyTimeout(120_000));

  it('generates both answers and refusals', () => {
    // Guards the generator: a property that only ever sees 400s would prove little.
    const samples = fc.sample(queryString, { numRuns: 500 });
    const catalog = distCatalog();
    const answers = samples.map((query) => expectedAnswer(catalog, new URL(`http://x/?${query}`).searchParams));
    const accepted = answers.filter((answer) => answer.ok);
    expect(accepted.length).toBeGreaterThan(50);
    expect(accepted.length).toBeLessThan(450);
    // Combined filters, sorts and limits, where the rules interact.
    const combined = accepted.filter((answer) => answer.ok && [answer.query.clusters.length > 0, answer.query.sort !== 'default', answer.query.limit !== null].filter(Boolean).length >= 2);
    expect(combined.length).toBeGreaterThan(20);
  });
});
