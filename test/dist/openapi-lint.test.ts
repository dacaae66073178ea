/**
 * dist/openapi.json under the linters client developers and reviewers run on a description:
 * Stoplight Spectral's `spectral:oas` ruleset and Redocly's `recommended` rules. Any error, warning,
 * or lesser note fails, named with its rule and where in the document it is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createConfig, lint } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import type { RulesetDefinition } from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { distPath } from '../helpers/dist.ts';

const DOCUMENT = distPath('openapi.json');

/**
 * The two rules of `recommended` the document is not held to, each because obeying it would make
 * the document say what is not so.
 */
const REDOCLY_RULES_OFF = {
  // No licence is granted for the API or its data, so there is none to name.
  'info-license': 'off',
  // A static file (/version.json, /openapi.json, /index.json) is answered as it is, whatever the
  // query: their GET and HEAD have no 4xx to describe.
  'operation-4xx-response': 'off',
} as const;

describe('openapi.json under the linters', () => {
  it("has no result under Spectral's spectral:oas ruleset", async () => {
    // `spectral:oas` in a ruleset file is the oas ruleset with its recommended rules; its declared
    // type is looser than the one setRuleset takes, as Spectral's own JavaScript examples cast it.
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
    const results = await spectral.run(new spectralCore.Document(readFileSync(DOCUMENT, 'utf8'), spectralParsers.Json, DOCUMENT));
    const severity = ['error', 'warning', 'info', 'hint'];
    expect(results.map((result) => `${severity[result.severity]} ${result.code}: ${result.message} at ${result.path.join('.') || '(root)'}`)).toEqual([]);
  });

  it(`has no error and no warning under Redocly's recommended rules, less ${Object.keys(REDOCLY_RULES_OFF).join(' and ')}`, async () => {
    const config = await createConfig({ extends: ['recommended'], rules: REDOCLY_RULES_OFF });
    const problems = await lint({ ref: DOCUMENT, config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });
});
