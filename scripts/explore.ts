/**
 * `npm run test:explore`: the property tests with fresh random seeds and many more runs than
 * `npm test` makes, to find what the suite's one fixed seed does not. Run it before a change to a
 * parser, a limit, a serializer or the query core.
 *
 * The property tests are the test files that import fast-check or its seed (found, not listed:
 * test/helpers/property-suites.ts). Each round runs them all under vitest with a new seed (FC_SEED)
 * and FACTOR times their runs (FC_RUNS_FACTOR), printing the seed first; the end prints every seed with its outcome and, for each failure, the
 * command that replays it. A counterexample found here becomes a fixed example in its suite.
 *
 * Options: --seeds N (rounds, default 20), --factor N (runs per property, times usual, default 20),
 * --seed S (replay one seed; repeatable, instead of fresh ones), --only TEXT (the suites whose path
 * contains TEXT).
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../build/index.ts';
import { PROPERTY_ENV, wholeNumber } from '../test/helpers/property.ts';
import { TEST_TIMEOUT_MS } from '../test/setup/layers.ts';
import { propertySuites } from '../test/helpers/property-suites.ts';
import { EXPLORE_OPTIONS } from './explore-options.ts';

const { values } = parseArgs({ options: EXPLORE_OPTIONS });
const whole = (name: string, value: string, bounds: { min: number; max: number }): number => {
  const n = wholeNumber(value, bounds);
  if (n === undefined) {
    console.error(`--${name}: expected a whole number from ${bounds.min} to ${bounds.max}, got "${value}"`);
    process.exit(2);
  }
  return n;
};
const factor = whole('factor', values.factor, PROPERTY_ENV.FC_RUNS_FACTOR);
const seeds = values.seed?.map((seed) => whole('seed', seed, PROPERTY_ENV.FC_SEED))
  ?? Array.from({ length: whole('seeds', values.seeds, { min: 1, max: 10_000 }) }, () => randomInt(0, PROPERTY_ENV.FC_SEED.max));

const files = propertySuites(PROJECT_ROOT).filter((file) => values.only === undefined || file.includes(values.only));
if (files.length === 0) {
  console.error(`--only ${JSON.stringify(values.only)}: no property suite's path contains it`);
  process.exit(2);
}
console.log(`Exploring ${files.length} property suites, ${seeds.length} seeds, ${factor}× runs:\n  ${files.join('\n  ')}`);

const outcomes: { seed: number; ok: boolean }[] = [];
for (const [index, seed] of seeds.entries()) {
  console.log(`\n── seed ${seed} (${index + 1} of ${seeds.length}) ──`);
  const run = spawnSync('npx', ['vitest', 'run', `--testTimeout=${TEST_TIMEOUT_MS * factor}`, ...files], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, FC_SEED: String(seed), FC_RUNS_FACTOR: String(factor) },
  });
  outcomes.push({ seed, ok: run.status === 0 });
}

const failed = outcomes.filter((outcome) => !outcome.ok);
console.log(`\nExplored ${outcomes.length} seeds at ${factor}× runs: ${outcomes.length - failed.length} passed, ${failed.length} failed.`);
for (const { seed, ok } of outcomes) console.log(`  seed ${seed}: ${ok ? 'passed' : 'FAILED'}`);
for (const { seed } of failed) console.log(`Replay: FC_SEED=${seed} FC_RUNS_FACTOR=${factor} npx vitest run ${files.join(' ')}`);
process.exit(failed.length === 0 ? 0 : 1);
