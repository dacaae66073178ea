/**
 * The build's speed and memory targets, and a bench run measured against them: the table the bench
 * writes into the README (between its `targets` markers) on a run of the default sizes. The
 * targets are data, here alone; the measures come from the run's own rows.
 */

/** A row of the bench as the targets read it (scripts/bench.ts `BuildRun`). */
export interface MeasuredRun {
  size: number;
  run: string;
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  /** Milliseconds per step (the build's, or the floor's: scripts/bench/floor.ts). */
  timings?: Record<string, number>;
  /** The floor's: its peak RSS once the model is made, before any file. */
  modelPeakRssMb?: number;
  /** A build's: how many threads rendered its pages. */
  pages?: { threads: number };
  failed?: string;
}

export const REFERENCE_RUN = 'Eleventy 3.1.8 (reference)';

interface Target {
  measure: string;
  /** What the run shows for it, in the target's unit; undefined when the run lacks a row it needs. */
  value(row: (size: number, run: string) => MeasuredRun | undefined): number | undefined;
  /** The most it may be. */
  most: number;
  unit: 'ratio' | 's' | 'MB';
  /** Where the floor bounds it: what the floor takes for this measure, which no build that makes
   * the same bytes with the same code can go under, and which part of the floor that is. */
  floor?: { value(row: (size: number, run: string) => MeasuredRun | undefined): number | undefined; what: string };
}

const ratio = (a: MeasuredRun | undefined, b: MeasuredRun | undefined, of: 'wallMs' | 'cpuMs') => (a && b ? a[of] / b[of] : undefined);

/** The file one skill's edit changes whole: the index of every item's words (site/search-index.ts). */
export const SEARCH_INDEX_STEP = 'emit search-index';

export const TARGETS: readonly Target[] = [
  {
    measure: 'cold, 4,000 skills, wall vs Eleventy', value: (row) => ratio(row(4000, 'cold'), row(4000, REFERENCE_RUN), 'wallMs'), most: 1.2, unit: 'ratio',
    floor: { value: (row) => spreadRatio(row(4000, 'floor'), row(4000, 'cold'), row(4000, REFERENCE_RUN)), what: "the floor's CPU time spread evenly over the build's threads" },
  },
  { measure: "cold, 4,000, CPU vs the floor's", value: (row) => ratio(row(4000, 'cold'), row(4000, 'floor'), 'cpuMs'), most: 1.3, unit: 'ratio' },
  ...([[4000, 350], [10000, 450], [50000, 1000]] as const).map(([size, most]): Target => ({
    measure: `peak RSS, cold, ${size.toLocaleString('en-US')}`, value: (row) => row(size, 'cold')?.peakRssMb, most, unit: 'MB',
    floor: { value: (row) => row(size, 'floor')?.modelPeakRssMb, what: 'load, validate and model alone' },
  })),
  { measure: 'warm, nothing changed, kept folder, 4,000', value: (row) => seconds(row(4000, 'warm, nothing changed')), most: 0.5, unit: 's' },
  {
    measure: 'warm, one skill changed, 4,000', value: (row) => seconds(row(4000, 'warm, one skill changed')), most: 0.6, unit: 's',
    floor: { value: (row) => stepSeconds(row(4000, 'floor'), SEARCH_INDEX_STEP), what: 'the search index alone, made again whole' },
  },
  { measure: 'warm, page frame changed, 4,000, vs Eleventy cold', value: (row) => ratio(row(4000, 'warm, page frame changed'), row(4000, REFERENCE_RUN), 'wallMs'), most: 1.0, unit: 'ratio' },
];

function seconds(run: MeasuredRun | undefined): number | undefined {
  return run ? run.wallMs / 1000 : undefined;
}

/** The floor's work done by all of a build's threads at once, with nothing lost, over Eleventy's wall time. */
function spreadRatio(floor: MeasuredRun | undefined, build: MeasuredRun | undefined, reference: MeasuredRun | undefined): number | undefined {
  const threads = build?.pages?.threads;
  return floor && threads && reference ? floor.cpuMs / threads / reference.wallMs : undefined;
}

function stepSeconds(run: MeasuredRun | undefined, step: string): number | undefined {
  const ms = run?.timings?.[step];
  return ms === undefined ? undefined : ms / 1000;
}

const shown = (value: number, unit: Target['unit']) =>
  unit === 'MB' ? `${Math.round(value).toLocaleString('en-US')} MB` : unit === 's' ? `${value.toFixed(2)} s` : `${value.toFixed(2)}×`;

/** The targets against the run's rows: each measure, its target, what the run gave, whether it is
 * met, and where the floor bounds the measure, what the floor takes for it; a target under that
 * is out of reach of a build that makes the same bytes with the same code. */
export function targetsTable(runs: readonly MeasuredRun[]): string {
  const row = (size: number, run: string) => runs.find((measured) => measured.size === size && measured.run === run && !measured.failed);
  const floorOf = (floor: Target['floor'], unit: Target['unit'], most: number) => {
    const value = floor?.value(row);
    return value === undefined ? '' : `${shown(value, unit)}, ${floor!.what}${value > most ? ': out of reach' : ''}`;
  };
  return [
    '| measure | target | this run | met | the floor for it |',
    '| --- | ---: | ---: | :---: | --- |',
    ...TARGETS.map(({ measure, value, most, unit, floor }) => {
      const measured = value(row);
      return `| ${measure} | ≤ ${shown(most, unit)} | ${measured === undefined ? 'not measured' : shown(measured, unit)} | ${measured === undefined ? '' : measured <= most ? 'yes' : 'no'} | ${floorOf(floor, unit, most)} |`;
    }),
  ].join('\n');
}

/** The README's section: where the figures come from, then the table. */
export function targetsSection(machine: string, where: string, runs: number, table: string): string {
  return `From the last \`npm run bench\` of the default sizes (${machine}, ${where}, ${runs === 1 ? 'one run' : `median of ${runs} runs`} per cold build and per warm one where nothing changed); ` +
    'every table of that run, the floor and the profiles that explain a target not met are in [docs/performance.md](docs/performance.md). ' +
    'The last column is what the floor takes for a measure it bounds: a build that makes the same bytes with the same code cannot do better, so a target under it is out of reach.\n\n' +
    `${table}\n`;
}
