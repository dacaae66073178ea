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
  report?: { threads: number };
  failed?: string;
}

export const REFERENCE_RUN = 'Eleventy 3.1.8 (reference)';

/** The figures of each run measured in one round: runs made back to back, so that a ratio between
 * two of them is taken while the machine runs at one speed (a shared machine's speed drifts over
 * minutes: the floor alone has taken from 18 to 28 s of CPU on the same bytes in one hour). */
export interface Round {
  size: number;
  runs: Partial<Record<string, { wallMs: number; cpuMs: number }>>;
}

type Figure = 'wallMs' | 'cpuMs';

/** The size every target but two of peak memory is measured at; the bench profiles its builds and
 * pairs the frame-changed one with Eleventy at this size. */
export const TARGET_SIZE = 4000;
/** The size as the measures' names write it. */
const AT = TARGET_SIZE.toLocaleString('en-US');

/** What a target reads of a bench run: its rows, and the ratio of two of its runs. */
interface Measures {
  row(size: number, run: string): MeasuredRun | undefined;
  /** `a`'s wall or CPU time (`of`) over `b`'s (`ofB`, the same unless given) at `size`: the median
   * of the ratios within every round that has both, or, with no such round, the ratio of the two
   * rows (each a median run). */
  ratio(size: number, a: string, b: string, of: Figure, ofB?: Figure): number | undefined;
}

interface Target {
  measure: string;
  /** What the run shows for it, in the target's unit; undefined when the run lacks a row it needs. */
  value(measures: Measures): number | undefined;
  /** The most it may be. */
  most: number;
  unit: 'ratio' | 's' | 'MB';
  /** Where the floor bounds it: what the floor takes for this measure, which no build that makes
   * the same bytes with the same code can go under, and which part of the floor that is. */
  floor?: { value(measures: Measures): number | undefined; what: string };
}

/** The middle value (the mean of the two middle ones for an even count); undefined for none. */
export function median(values: readonly number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? undefined : sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The rows and rounds of a bench run as the targets read them: a run that failed has no row, and
 * its rounds count for nothing. */
export function measuresOf(runs: readonly MeasuredRun[], rounds: readonly Round[] = []): Measures {
  const row = (size: number, run: string) => runs.find((measured) => measured.size === size && measured.run === run && !measured.failed);
  return {
    row,
    ratio(size, a, b, of, ofB = of) {
      const rowA = row(size, a);
      const rowB = row(size, b);
      if (!rowA || !rowB) return undefined;
      const paired = rounds.filter((round) => round.size === size && round.runs[a] && round.runs[b]).map(({ runs: r }) => r[a]![of] / r[b]![ofB]);
      return median(paired) ?? rowA[of] / rowB[ofB];
    },
  };
}

/** The file one skill's edit changes whole: the index of every item's words (site/search-index.ts). */
export const SEARCH_INDEX_STEP = 'emit search-index';

export const TARGETS: readonly Target[] = [
  {
    measure: `cold, ${AT} skills, wall vs Eleventy`, value: ({ ratio }) => ratio(TARGET_SIZE, 'cold', REFERENCE_RUN, 'wallMs'), most: 1.2, unit: 'ratio',
    floor: { value: spreadRatio, what: "the floor's CPU time spread evenly over the build's threads" },
  },
  { measure: `cold, ${AT}, CPU vs the floor's`, value: ({ ratio }) => ratio(TARGET_SIZE, 'cold', 'floor', 'cpuMs'), most: 1.3, unit: 'ratio' },
  ...([[TARGET_SIZE, 350], [10000, 450], [50000, 1000]] as const).map(([size, most]): Target => ({
    measure: `peak RSS, cold, ${size.toLocaleString('en-US')}`, value: ({ row }) => row(size, 'cold')?.peakRssMb, most, unit: 'MB',
    floor: { value: ({ row }) => row(size, 'floor')?.modelPeakRssMb, what: 'load, validate and model alone' },
  })),
  { measure: `warm, nothing changed, kept folder, ${AT}`, value: ({ row }) => seconds(row(TARGET_SIZE, 'warm, nothing changed')), most: 0.5, unit: 's' },
  {
    measure: `warm, one skill changed, ${AT}`, value: ({ row }) => seconds(row(TARGET_SIZE, 'warm, one skill changed')), most: 0.6, unit: 's',
    floor: { value: ({ row }) => stepSeconds(row(TARGET_SIZE, 'floor'), SEARCH_INDEX_STEP), what: 'the search index alone, made again whole' },
  },
  { measure: `warm, page frame changed, ${AT}, vs Eleventy cold`, value: ({ ratio }) => ratio(TARGET_SIZE, 'warm, page frame changed', REFERENCE_RUN, 'wallMs'), most: 1.0, unit: 'ratio' },
];

function seconds(run: MeasuredRun | undefined): number | undefined {
  return run ? run.wallMs / 1000 : undefined;
}

/** The floor's work done by all of a build's threads at once, with nothing lost, over Eleventy's
 * wall time: the floor's CPU over Eleventy's wall, as the cold build's ratio to it is taken, over the threads. */
function spreadRatio({ row, ratio }: Measures): number | undefined {
  const threads = row(TARGET_SIZE, 'cold')?.report?.threads;
  const floorOverEleventy = ratio(TARGET_SIZE, 'floor', REFERENCE_RUN, 'cpuMs', 'wallMs');
  return threads && floorOverEleventy !== undefined ? floorOverEleventy / threads : undefined;
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
export function targetsTable(runs: readonly MeasuredRun[], rounds: readonly Round[] = []): string {
  const measures = measuresOf(runs, rounds);
  const floorOf = (floor: Target['floor'], unit: Target['unit'], most: number) => {
    const value = floor?.value(measures);
    return value === undefined ? '' : `${shown(value, unit)}, ${floor!.what}${value > most ? ': out of reach' : ''}`;
  };
  return [
    '| measure | target | this run | met | the floor for it |',
    '| --- | ---: | ---: | :---: | --- |',
    ...TARGETS.map(({ measure, value, most, unit, floor }) => {
      const measured = value(measures);
      return `| ${measure} | ≤ ${shown(most, unit)} | ${measured === undefined ? 'not measured' : shown(measured, unit)} | ${measured === undefined ? '' : measured <= most ? 'yes' : 'no'} | ${floorOf(floor, unit, most)} |`;
    }),
  ].join('\n');
}

/** The README's section: where the figures come from, then the table. */
export function targetsSection(machine: string, where: string, runs: number, table: string): string {
  return `From the last \`npm run bench\` of the default sizes (${machine}, ${where}, ${runs === 1 ? 'one run' : `median of ${runs} runs`} per cold build and per warm one where nothing changed). ` +
    `A ratio between two runs is the median of ${runs === 1 ? 'the ratio' : 'the ratios'} within ${runs === 1 ? 'a round' : `${runs} rounds`} that made them back to back: Eleventy, the floor and the cold build; at ${AT} skills, Eleventy and the warm build whose page frame changed. ` +
    'Every table of that run, the floor and the profiles that explain a target not met are in [docs/performance.md](docs/performance.md). ' +
    'The last column is what the floor takes for a measure it bounds: a build that makes the same bytes with the same code cannot do better, so a target under it is out of reach.\n\n' +
    `${table}\n`;
}
