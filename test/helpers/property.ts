/**
 * The one home of what every fast-check property runs with: its seed and how many runs it makes.
 *
 * `npm test` runs every property with one seed, FC_SEED when given, else DEFAULT_SEED, so a commit
 * passes or fails the same way on every machine, and a failure reproduces with the seed fast-check
 * prints beside its counterexample (`FC_SEED=<seed> npm test`). `npm run test:explore` runs the same
 * properties with fresh seeds and FC_RUNS_FACTOR times the runs, to find what this seed does not.
 * test/setup/fast-check.ts hands the seed to fast-check before each file; properties name only
 * their usual run count, through propertyRuns.
 */

/** Any integer; changed only to move every property to a new sample at once. */
export const DEFAULT_SEED = 20261126;

export interface PropertySettings {
  seed: number;
  /** How many times its usual runs each property makes (1 in `npm test`). */
  runsFactor: number;
}

/** The variables that set a run's properties, and their bounds (fast-check's seed is a 32-bit signed integer). */
export const PROPERTY_ENV = {
  FC_SEED: { min: -(2 ** 31), max: 2 ** 31 - 1 },
  FC_RUNS_FACTOR: { min: 1, max: 1000 },
} as const;

/** `value` as a whole number within `bounds`, or undefined: how the variables and the explorer's options are read. */
export function wholeNumber(value: string, { min, max }: { min: number; max: number }): number | undefined {
  const parsed = Number(value);
  return /^\s*-?\d+\s*$/.test(value) && parsed >= min && parsed <= max ? parsed : undefined;
}

function integerFrom(env: NodeJS.ProcessEnv, name: keyof typeof PROPERTY_ENV, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const { min, max } = PROPERTY_ENV[name];
  const parsed = wholeNumber(value, PROPERTY_ENV[name]);
  if (parsed === undefined) throw new Error(`${name}=${JSON.stringify(value)}: expected a whole number from ${min} to ${max}`);
  return parsed;
}

export function propertySettings(env: NodeJS.ProcessEnv): PropertySettings {
  return { seed: integerFrom(env, 'FC_SEED', DEFAULT_SEED), runsFactor: integerFrom(env, 'FC_RUNS_FACTOR', 1) };
}

const settings = propertySettings(process.env);

/** The seed of every property in this run. */
export const PROPERTY_SEED: number = settings.seed;

/** A property's run count in this run: its usual count, times the exploration's factor. */
export const propertyRuns = (usual: number): number => usual * settings.runsFactor;

/** What a run prints before its first property, so that its outcome can be reproduced. */
export function seedLine(layer: string, { seed, runsFactor }: PropertySettings = settings): string {
  const variables = `FC_SEED=${seed}${runsFactor > 1 ? ` FC_RUNS_FACTOR=${runsFactor}` : ''}`;
  return `${layer}: fast-check seed ${seed}${runsFactor > 1 ? `, ${runsFactor}× runs` : ''} (to reproduce: ${variables} npm run test:${layer})`;
}

/** A property test's time limit in this run: its usual limit, times the exploration's factor, since
 * it makes that many times the runs (a limit is a failure, never an early pass). */
export const propertyTimeout = (usualMs: number): number => usualMs * settings.runsFactor;
