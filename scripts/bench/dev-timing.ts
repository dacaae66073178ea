/**
 * `npm run dev`'s save-to-reload time, for the bench: dev/measure.ts in a process of its own (it
 * starts the real command and saves one skill with a new title again and again), its printed medians
 * and worsts read back.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { MEASURE_OPTIONS } from '../../dev/measure-options.ts';
import type { SaveWay } from '../../dev/measure-options.ts';

/** dev/measure.ts's figures for one way of saving, in ms. */
export interface DevFigures {
  way: SaveWay;
  saves: number;
  /** Save → the `reload` event an open page waits for. */
  toReloadMs: number;
  /** Save → the new page fetched over HTTP, showing the new title: the editor's wait. */
  toPageMs: number;
  worstToPageMs: number;
  /** The build's own time, in the warm worker. */
  buildMs: number;
}

/** The lines of dev/measure.ts's output the figures are read from, by what they time. */
const LINES = { toReload: 'save → reload event', toPage: 'save → new page fetched', build: 'build (in the warm worker)' } as const;

/** dev/measure.ts's median and worst of each line it prints; throws if a line is not there. */
export function parseDevMeasure(output: string, way: SaveWay, saves: number): DevFigures {
  const line = (label: string) => {
    const found = new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s+median\\s+(\\d+) ms\\s+worst\\s+(\\d+) ms$`, 'm').exec(output);
    if (!found) throw new Error(`dev/measure.ts printed no "${label}" line:\n${output}`);
    return { median: Number(found[1]), worst: Number(found[2]) };
  };
  const toPage = line(LINES.toPage);
  return { way, saves, toReloadMs: line(LINES.toReload).median, toPageMs: toPage.median, worstToPageMs: toPage.worst, buildMs: line(LINES.build).median };
}

/** Whether dev/measure.ts takes a content folder to measure over; without one it measures over a
 * copy of the project's content/ (the sample), whatever the bench's catalogue. */
export const DEV_MEASURE_TAKES_CONTENT = Object.hasOwn(MEASURE_OPTIONS, 'content');

/** How many saves dev/measure.ts makes unless told: its median is of these. */
export const DEV_SAVES = Number(MEASURE_OPTIONS.runs.default);

/** dev/measure.ts's figures for saves made `way`, over `content` (a folder and one of its published
 * skills) where it takes one, else over the sample. */
export function measureDev(projectRoot: string, way: SaveWay, content?: { dir: string; skill: string }): DevFigures {
  const over = content && DEV_MEASURE_TAKES_CONTENT ? ['--content', content.dir, '--skill', content.skill] : [];
  const output = execFileSync(join(projectRoot, 'node_modules/.bin/tsx'), ['dev/measure.ts', '--runs', String(DEV_SAVES), '--save', way, ...over], {
    cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
  });
  return parseDevMeasure(output, way, DEV_SAVES);
}
