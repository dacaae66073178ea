/**
 * A fixed sample of the property's random queries (test/helpers/catalog-queries.ts) through the real
 * local runtime: the same rules hold over HTTP, and every answer matches openapi.json. The bulk of
 * the runs is in-process (test/build/catalog-property.test.ts); this sample has no time limit of its
 * own, so a slow server fails the test instead of cutting it short.
 */
import { describe, it } from 'vitest';
import { httpRequest } from '../helpers/http.ts';
import { contract, expectContract } from '../helpers/openapi.ts';
import { serverUrl } from '../helpers/server.ts';
import { expectLawful } from '../helpers/catalog-queries.ts';
import { PROPERTY_SEED as SEED } from '../helpers/property.ts';
import { PROPERTY_SAMPLE } from '../helpers/request-corpus.ts';

const HTTP_SAMPLE = PROPERTY_SAMPLE.length;
const sample = PROPERTY_SAMPLE;

describe(`catalogue queries over HTTP: ${HTTP_SAMPLE} fixed queries of the property (its kept examples, then seed ${SEED})`, () => {
  it('each gets a lawful JSON answer that matches the contract', async () => {
    contract();
    for (const query of sample) {
      // As a client would send it: the URL parser percent-encodes what must not go raw.
      const url = new URL(`${serverUrl}/catalog.json?${query}`);
      const reply = await httpRequest(url.href);
      expectContract(reply);
      expectLawful(url, reply);
    }
  }, 120_000);
});
