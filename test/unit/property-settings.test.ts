/** Every property runs with the run's one seed: set in one place, printed, and replayable. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_SEED, PROPERTY_SEED, propertySettings, seedLine } from '../helpers/property.ts';
import { propertySuites } from '../helpers/property-suites.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The text of each call of `name(` in source: from its opening to its balanced closing parenthesis. */
function calls(source: string, name: string): string[] {
  const found: string[] = [];
  for (let at = source.indexOf(`${name}(`); at !== -1; at = source.indexOf(`${name}(`, at + 1)) {
    let depth = 0;
    for (let i = at + name.length; i < source.length; i++) {
      if (source[i] === '(') depth++;
      else if (source[i] === ')' && --depth === 0) {
        found.push(source.slice(at, i + 1));
        break;
      }
    }
  }
  return found;
}

describe('the property settings', () => {
  it('default to the constant seed and the usual runs, and take FC_SEED and FC_RUNS_FACTOR', () => {
    expect(propertySettings({})).toEqual({ seed: DEFAULT_SEED, runsFactor: 1 });
    expect(propertySettings({ FC_SEED: '', FC_RUNS_FACTOR: '' })).toEqual({ seed: DEFAULT_SEED, runsFactor: 1 });
    expect(propertySettings({ FC_SEED: '-42', FC_RUNS_FACTOR: '20' })).toEqual({ seed: -42, runsFactor: 20 });
  });

  it.each([['FC_SEED', 'abc'], ['FC_SEED', '1.5'], ['FC_SEED', String(2 ** 31)], ['FC_RUNS_FACTOR', '0'], ['FC_RUNS_FACTOR', '1e3']])(
    'refuse %s=%s, naming the variable and what it takes', (name, value) => {
      expect(() => propertySettings({ [name]: value })).toThrow(new RegExp(`^${name}="${value.replace('.', '\\.')}": expected a whole number from`));
    });

  it('are what fast-check runs with in this file (test/setup/fast-check.ts set them)', () => {
    expect(fc.readConfigureGlobal().seed).toBe(PROPERTY_SEED);
  });

  it('print a line that says how to reproduce the run', () => {
    expect(seedLine('unit', { seed: 7, runsFactor: 1 })).toBe('unit: fast-check seed 7 (to reproduce: FC_SEED=7 npm run test:unit)');
    expect(seedLine('build', { seed: 7, runsFactor: 20 })).toBe('build: fast-check seed 7, 20× runs (to reproduce: FC_SEED=7 FC_RUNS_FACTOR=20 npm run test:build)');
  });
});

describe('every property suite', () => {
  const suites = propertySuites(ROOT, { helpers: true });

  it('is found', () => {
    expect(suites).toEqual(expect.arrayContaining(['build/render/body-limits.test.ts', 'test/build/functions-fuzz.test.ts']));
  });

  it.each(suites)('%s: sets no seed of its own, and takes each property\'s runs from propertyRuns', (file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    expect(source, `${file}: a seed of its own`).not.toMatch(/\b(?:const|let)\s+\w*SEED\w*\s*=/);
    for (const call of [...calls(source, 'fc.assert'), ...calls(source, 'fc.sample')]) {
      expect(call, `${file}: a property with a seed of its own`).not.toMatch(/\bseed\s*:(?!\s*SEED\b)/);
    }
    for (const call of calls(source, 'fc.assert')) {
      expect(call, `${file}: a property whose runs are not propertyRuns(…)`).toMatch(/numRuns\s*:\s*(propertyRuns\(|[A-Z_]+\b)/);
    }
  });
});
