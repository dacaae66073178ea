/**
 * The build's speed and memory targets, and a bench run measured against them: the table the bench
 * writes into the README (between its `targets` markers) on a run of the default sizes. The
 * targets are data, here alone; the measures come from the run's own rows.
 */
import { BODY_EDIT, BODY_EDIT_FLOOR, OTHER_EDITS } from './edits.ts';

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

/** The search function's cold start at a size (scripts/bench/search-timing.ts `measureSearchColdStart`). */
export interface SearchMeasure {
  size: number;
  cold: { firstRequestMs: number; rssMb: number };
}

/** `npm run dev`'s save-to-page time for one way of saving (scripts/bench/dev-timing.ts), over the
 * bench's catalogue of `size` skills, or over the sample content (no size). */
export interface DevMeasure {
  size?: number;
  way: string;
  toPageMs?: number;
  failed?: string;
}

/** What a bench run measured besides its builds. */
export interface OtherMeasures {
  searches?: readonly SearchMeasure[];
  dev?: readonly DevMeasure[];
}

/** The figures of each run measured in one round: runs made back to back, so that a ratio between
 * two of them is taken while the machine runs at one speed: a shared machine's speed drifts over
 * minutes. */
export interface Round {
  size: number;
  runs: Partial<Record<string, { wallMs: number; cpuMs: number }>>;
}

type Figure = 'wallMs' | 'cpuMs';

/** The size a target that names no other is measured at; the bench profiles its builds and pairs
 * the frame-changed one with Eleventy at this size. */
export const TARGET_SIZE = 4000;
/** The size as the measures' names write it. */
const AT = TARGET_SIZE.toLocaleString('en-US');

/** What a target reads of a bench run: its rows, the ratio of two of its runs, its other measures. */
interface Measures {
  row(size: number, run: string): MeasuredRun | undefined;
  search(size: number): SearchMeasure | undefined;
  /** The slowest way of saving's median save → page, in ms, at `size`; undefined unless every way
   * was measured over the bench's catalogue of that size. */
  devToPageMs(size: number): number | undefined;
  /** `a`'s wall or CPU time (`of`) over `b`'s at `size`: the median of the ratios within every
   * round that has both, or, with no such round, the ratio of the two rows (each a median run). */
  ratio(size: number, a: string, b: string, of: Figure): number | undefined;
}

interface Target {
  measure: string;
  /** What the run shows for it, in the target's unit; undefined when the run lacks a row it needs. */
  value(measures: Measures): number | undefined;
  /** The most it may be. */
  most: number;
  unit: 'ratio' | 's' | 'ms' | 'MB';
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
export function measuresOf(runs: readonly MeasuredRun[], rounds: readonly Round[] = [], { searches = [], dev = [] }: OtherMeasures = {}): Measures {
  const row = (size: number, run: string) => runs.find((measured) => measured.size === size && measured.run === run && !measured.failed);
  return {
    row,
    search: (size) => searches.find((measured) => measured.size === size),
    devToPageMs(size) {
      const ways = dev.filter((measured) => measured.size === size);
      const times = ways.map(({ toPageMs, failed }) => (failed ? undefined : toPageMs));
      return ways.length === 0 || times.includes(undefined) ? undefined : Math.max(...(times as number[]));
    },
    ratio(size, a, b, of) {
      const rowA = row(size, a);
      const rowB = row(size, b);
      if (!rowA || !rowB) return undefined;
      const paired = rounds.filter((round) => round.size === size && round.runs[a] && round.runs[b]).map(({ runs: r }) => r[a]![of] / r[b]![of]);
      return median(paired) ?? rowA[of] / rowB[of];
    },
  };
}

/** The body edit's wall time at each size it has a target at, in seconds. */
const BODY_EDIT_MOST: readonly (readonly [number, number])[] = [[TARGET_SIZE, 0.5], [10000, 1.0], [50000, 5]];
/** The other edits' wall time over the body edit's, at the same size, in the same rounds. */
const OTHER_EDIT_MOST = 2;
/** What each other edit's measure calls it. */
const EDIT_WORDS: Record<(typeof OTHER_EDITS)[number], string> = {
  'warm, title and price edited': "one skill's title and price edited",
  'warm, skill added': 'one skill added',
  'warm, skill removed': 'one skill removed',
  'warm, bundle members changed': "one bundle's members changed",
};
const LARGEST = 50000;
const LARGEST_AT = LARGEST.toLocaleString('en-US');
/** What load, validate and model take alone: a build holds the model of the whole catalogue, warm or cold. */
const MODEL_FLOOR = (size: number): Target['floor'] => ({ value: ({ row }) => row(size, 'floor')?.modelPeakRssMb, what: 'load, validate and model alone' });

export const TARGETS: readonly Target[] = [
  ...BODY_EDIT_MOST.flatMap(([size, most]): Target[] => {
    const at = size.toLocaleString('en-US');
    return [
      {
        measure: `one body edit, ${at} skills, wall`, value: ({ row }) => seconds(row(size, BODY_EDIT)), most, unit: 's',
        floor: { value: ({ row }) => seconds(row(size, BODY_EDIT_FLOOR)), what: "the edit floor: the files the edit changes, made again by the edit's work alone" },
      },
      ...OTHER_EDITS.map((run): Target => ({
        measure: `${EDIT_WORDS[run]}, ${at}, vs one body edit`, value: ({ ratio }) => ratio(size, run, BODY_EDIT, 'wallMs'), most: OTHER_EDIT_MOST, unit: 'ratio',
      })),
    ];
  }),
  { measure: `\`npm run dev\`, save → page shows it, ${AT}`, value: ({ devToPageMs }) => inSeconds(devToPageMs(TARGET_SIZE)), most: 0.5, unit: 's' },
  { measure: `peak RSS, cold, ${LARGEST_AT}`, value: ({ row }) => row(LARGEST, 'cold')?.peakRssMb, most: 1000, unit: 'MB', floor: MODEL_FLOOR(LARGEST) },
  { measure: `peak RSS, one body edit, ${LARGEST_AT}`, value: ({ row }) => row(LARGEST, BODY_EDIT)?.peakRssMb, most: 1000, unit: 'MB', floor: MODEL_FLOOR(LARGEST) },
  { measure: `search function, ${LARGEST_AT}, first answer`, value: ({ search }) => search(LARGEST)?.cold.firstRequestMs, most: 300, unit: 'ms' },
  { measure: `search function, ${LARGEST_AT}, RSS after its first answer`, value: ({ search }) => search(LARGEST)?.cold.rssMb, most: 300, unit: 'MB' },
  {
    measure: `cold, ${AT} (the bench's corpus), wall`, value: ({ row }) => seconds(row(TARGET_SIZE, 'cold')), most: 12.95, unit: 's',
    floor: { value: spreadSeconds, what: "the floor's CPU time spread evenly over the build's threads" },
  },
  { measure: `warm, nothing changed, kept folder, ${AT}`, value: ({ row }) => seconds(row(TARGET_SIZE, 'warm, nothing changed')), most: 0.5, unit: 's' },
];

function seconds(run: MeasuredRun | undefined): number | undefined {
  return run ? run.wallMs / 1000 : undefined;
}

function inSeconds(ms: number | undefined): number | undefined {
  return ms === undefined ? undefined : ms / 1000;
}

/** The floor's work done by all of a cold build's threads at once, with nothing lost: the floor's
 * CPU time over the threads, in seconds. */
function spreadSeconds({ row }: Measures): number | undefined {
  const threads = row(TARGET_SIZE, 'cold')?.report?.threads;
  const floorCpuMs = row(TARGET_SIZE, 'floor')?.cpuMs;
  return threads && floorCpuMs !== undefined ? floorCpuMs / threads / 1000 : undefined;
}

const shown = (value: number, unit: Target['unit']) =>
  unit === 'MB' ? `${Math.round(value).toLocaleString('en-US')} MB`
    : unit === 'ms' ? `${Math.round(value).toLocaleString('en-US')} ms`
      : unit === 's' ? `${value.toFixed(2)} s` : `${value.toFixed(2)}×`;

/** The targets against the run's rows: each measure, its target, what the run gave, whether it is
 * met, and where the floor bounds the measure, what the floor takes for it; a target under that
 * is out of reach of a build that makes the same bytes with the same code. */
export function targetsTable(runs: readonly MeasuredRun[], rounds: readonly Round[] = [], others: OtherMeasures = {}): string {
  const measures = measuresOf(runs, rounds, others);
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

/** The README's section: where the figures come from, then the table. `devOverSample`: `npm run
 * dev`'s time was measured over the sample content, not the bench's catalogue (dev/measure.ts takes
 * no content folder). */
export function targetsSection(machine: string, where: string, runs: number, table: string, devOverSample = false): string {
  return `From the last \`npm run bench\` of the default sizes (${machine}, ${where}, ${runs === 1 ? 'one run' : `median of ${runs} runs`} per cold build, per warm one where nothing changed and per edit). ` +
    'Every edit is a warm build as on Netlify (no `dist/`, the cache restored with the last `dist/` in it) after one change to the content, each starting from what the one before left. ' +
    `A ratio between two runs is the median of ${runs === 1 ? 'the ratio' : 'the ratios'} within ${runs === 1 ? 'a round' : `${runs} rounds`} that made them back to back: at every size, one edit of each kind after the other. ` +
    `\`npm run dev\`'s time is dev/measure.ts's median of its saves, the slower of a save in place and one renamed over the file` +
    (devOverSample ? `; it is not measured at ${AT} skills: dev/measure.ts measures over a copy of content/ (the sample) and takes no other content folder. ` : '. ') +
    'Every table of that run, the floor and the profiles that explain a target not met are in [docs/performance.md](docs/performance.md). ' +
    'The last column is what the floor takes for a measure it bounds (for the body edit, the edit floor: scripts/bench/edit-floor.ts): a build that makes the same bytes with the same code cannot do better, so a target under it is out of reach.\n\n' +
    `${table}\n`;
}
