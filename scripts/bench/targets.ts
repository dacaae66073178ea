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
}

const ratio = (a: MeasuredRun | undefined, b: MeasuredRun | undefined, of: 'wallMs' | 'cpuMs') => (a && b ? a[of] / b[of] : undefined);

export const TARGETS: readonly Target[] = [
  { measure: 'cold, 4,000 skills, wall vs Eleventy', value: (row) => ratio(row(4000, 'cold'), row(4000, REFERENCE_RUN), 'wallMs'), most: 1.2, unit: 'ratio' },
  { measure: "cold, 4,000, CPU vs the floor's", value: (row) => ratio(row(4000, 'cold'), row(4000, 'floor'), 'cpuMs'), most: 1.3, unit: 'ratio' },
  ...([[4000, 350], [10000, 450], [50000, 1000]] as const).map(([size, most]): Target => (
    { measure: `peak RSS, cold, ${size.toLocaleString('en-US')}`, value: (row) => row(size, 'cold')?.peakRssMb, most, unit: 'MB' })),
  { measure: 'warm, nothing changed, kept folder, 4,000', value: (row) => seconds(row(4000, 'warm, nothing changed')), most: 0.5, unit: 's' },
  { measure: 'warm, one skill changed, 4,000', value: (row) => seconds(row(4000, 'warm, one skill changed')), most: 0.6, unit: 's' },
  { measure: 'warm, page frame changed, 4,000, vs Eleventy cold', value: (row) => ratio(row(4000, 'warm, page frame changed'), row(4000, REFERENCE_RUN), 'wallMs'), most: 1.0, unit: 'ratio' },
];

function seconds(run: MeasuredRun | undefined): number | undefined {
  return run ? run.wallMs / 1000 : undefined;
}

const shown = (value: number, unit: Target['unit']) =>
  unit === 'MB' ? `${Math.round(value).toLocaleString('en-US')} MB` : unit === 's' ? `${value.toFixed(2)} s` : `${value.toFixed(2)}×`;

/** The targets against the run's rows: each measure, its target, what the run gave, and whether it
 * is met; then what the floor takes alone, which bounds what the build can reach against Eleventy. */
export function targetsTable(runs: readonly MeasuredRun[]): string {
  const row = (size: number, run: string) => runs.find((measured) => measured.size === size && measured.run === run && !measured.failed);
  const floor = ratio(row(4000, 'floor'), row(4000, REFERENCE_RUN), 'wallMs');
  const floorLine = floor === undefined ? [] : ['', `The floor alone, the renderers on one thread with nothing else, takes ${shown(floor, 'ratio')} Eleventy's wall time at 4,000 skills.`];
  return [
    '| measure | target | this run | met |',
    '| --- | ---: | ---: | :---: |',
    ...TARGETS.map(({ measure, value, most, unit }) => {
      const measured = value(row);
      return `| ${measure} | ≤ ${shown(most, unit)} | ${measured === undefined ? 'not measured' : shown(measured, unit)} | ${measured === undefined ? '' : measured <= most ? 'yes' : 'no'} |`;
    }),
    ...floorLine,
  ].join('\n');
}

/** The README's section: where the figures come from, then the table. */
export function targetsSection(machine: string, where: string, runs: number, table: string): string {
  return `From the last \`npm run bench\` of the default sizes (${machine}, ${where}, ${runs === 1 ? 'one run' : `median of ${runs} runs`} per cold build); ` +
    'every table of that run, the floor and the profiles that explain a target not met are in [docs/performance.md](docs/performance.md).\n\n' +
    `${table}\n`;
}
