/**
 * `npm run bench`: build and query speed on seeded synthetic catalogues of 1,000, 4,000, 10,000
 * and 50,000 skills (N/10 bundles), generated outside content/: in RAM (/dev/shm) where the machine
 * has it, as the figures this project compares itself with were measured, else under bench/work/.
 * Per size: Eleventy (pinned) building the same catalogue into its own pages and JSON, the
 * reference the cold build is measured against in the same run; the floor (scripts/bench/floor.ts:
 * the same files by the kinds' render functions alone, on one thread, with no cache, no workers
 * and no task keys), which every build is measured against too, so the cost of the build's architecture is a
 * ratio; a cold build (no cache, no dist/); then warm ones as on Netlify (no dist/, the cache
 * restored with the last dist/ the cache plugin keeps in it), each starting from what the one
 * before left: with nothing changed; after each kind of edit an editor makes, what a deploy of a
 * change waits for (scripts/bench/edits.ts: one skill's body, one skill's title and price, a skill
 * added, a skill removed, one bundle's members), with the edit floor beside them
 * (scripts/bench/edit-floor.ts: the body edit's files made again by the edit's work alone, over a
 * copy of the content); after the page frame changed (the shop's name:
 * every page made again, every body from the cache, as after a change of the layout); and a cold
 * one on a single thread. Then the catalog and search functions, in process and from a cold start,
 * and the card function's cold start, zip and warm card (scripts/bench/card-timing.ts).
 * Every build runs as `npm run build` does on Netlify, from its bundled entry (scripts/bundled.mjs),
 * with its Node flags and the environment netlify.toml's `[build.environment]` sets, in a process
 * of its own. Eleventy, the floor, the cold build, the warm one where nothing changed and each edit
 * are timed `--runs` times (default 3) and their median run reported, in rounds where two are
 * compared, so that a ratio between them is the median of its ratios within the rounds
 * (scripts/bench/targets.ts): Eleventy, the floor and the cold build, one of each after the other;
 * the edit floor and the five edits, one of each kind after the other, each edit compared with the
 * body edit and the body edit with the edit floor; at the
 * targets' size, the warm build whose page frame changed beside one of Eleventy's. A build that
 * fails is reported as failed and the next size is measured.
 * `npm run dev`'s save-to-page time (dev/measure.ts, saving in place and by a rename over the file)
 * over the 4,000-skill catalogue where dev/measure.ts takes a content folder; without that option it
 * can only measure a copy of content/, and is run once over that sample (scripts/bench/dev-timing.ts).
 * One more cold build at 4,000 skills (or the first size) runs under V8's CPU profiler, and its
 * self time by package is printed, so a regression shows where it is without a profiler session.
 * The warm build where nothing changed at that size runs once more under the profiler too, its self
 * time printed by function, since it spends its time in no one package.
 * Prints tables, writes bench/results.json and the tables into docs/performance.md, and the
 * targets' table into the README.
 * Options (scripts/bench-options.ts): --sizes 1000,4000 to run other sizes (the pages are then left
 * alone), --runs N.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants as fsConstants, cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../build/index.ts';
import cacheLocation from '../build/cache-location.json' with { type: 'json' };
import type { RunReport } from '../build/run/index.ts';
import { writeSyntheticContent } from './bench/synthetic-content.ts';
import { buildEnvironmentOf, nodeFlagsOf } from './bench/node-flags.ts';
import { measureColdStart, measureQueries, readLayout } from './bench/query-timing.ts';
import type { LatencyResult } from './bench/query-timing.ts';
import { measureSearch, measureSearchColdStart } from './bench/search-timing.ts';
import { profileByFunction, profileByPackage } from './bench/profile.ts';
import type { SelfTime } from './bench/profile.ts';
import type { SearchFigures } from './bench/search-timing.ts';
import { measureCards } from './bench/card-timing.ts';
import type { CardFigures } from './bench/card-timing.ts';
import { BENCH_OPTIONS, DEFAULT_SIZES, PERFORMANCE_PAGE, TARGETS_PAGE } from './bench-options.ts';
import { measuresOf, TARGET_SIZE, targetsSection, targetsTable } from './bench/targets.ts';
import type { DevMeasure, Round } from './bench/targets.ts';
import { BODY_EDIT, BODY_EDIT_FLOOR, BODY_SKILL, catalogueEdits, EDIT_RUNS } from './bench/edits.ts';
import type { EditRun } from './bench/edits.ts';
import { DEV_MEASURE_TAKES_CONTENT, DEV_SAVES, measureDev } from './bench/dev-timing.ts';
import type { DevFigures } from './bench/dev-timing.ts';
import { SAVE_WAYS } from '../dev/measure-options.ts';
import { writeMarkedSection } from './marked-section.ts';
import { DIRECTORY_MAX_ENTRIES, overfullFolders } from '../site/layout.ts';
import { FUNCTION_ZIP_MAX_BYTES, functionZipSizes } from './bench/function-zips.ts';
import { CATALOG_FILE, STATIC_CATALOG_FILE, TEXT_FILE_MAX_BYTES } from '../core/published-files.ts';

type RunName = 'Eleventy 3.1.8 (reference)' | 'floor' | 'cold' | 'warm, nothing changed' | typeof BODY_EDIT_FLOOR | EditRun | 'warm, page frame changed' | 'cold, one thread';

const ELEVENTY: RunName = 'Eleventy 3.1.8 (reference)';
/** The build's own work and nothing else: every run's second measure (scripts/bench/floor.ts). */
const FLOOR: RunName = 'floor';
/** The size whose cold build is profiled, when the run has it. */
const PROFILED_SIZE = TARGET_SIZE;

interface BuildRun {
  size: number;
  run: RunName;
  wallMs: number;
  startupMs: number;
  cpuMs: number;
  skillsPerSecond: number;
  peakRssMb: number;
  report?: RunReport;
  /** Milliseconds per step: the build's (build/run/index.ts), or the floor's under the same names. */
  timings?: Record<string, number>;
  /** The floor's peak RSS once its model was made, before any file. */
  modelPeakRssMb?: number;
  /** Why the build did not finish (its last line of error), when it did not: the table says so
   * instead of the bench stopping, and the sizes after it are still measured. */
  failed?: string;
}

const { values } = parseArgs({ options: BENCH_OPTIONS });
const sizes = values.sizes!.split(',').map(Number);
const runs = Math.max(1, Number(values.runs));
let profile: { size: number; cpuMs: number; packages: SelfTime[] } | undefined;
/** The warm build where nothing changed, at the same size: its time is in no one package. */
let warmProfile: { size: number; cpuMs: number; functions: SelfTime[] } | undefined;
const work = ramDisk() ?? join(PROJECT_ROOT, 'bench/work');
const tsx = join(PROJECT_ROOT, 'node_modules/.bin/tsx');
/** Our builds start as `npm run build` does: Node, with the flags that script gives it, on the
 * bundle of their entry. */
const bundled = join(PROJECT_ROOT, 'scripts/bundled.mjs');
const buildNodeFlags = nodeFlagsOf(JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).scripts.build);
// As on Netlify, where the build command runs with them (the allocator's settings, for one).
const buildEnvironment = buildEnvironmentOf(readFileSync(join(PROJECT_ROOT, 'netlify.toml'), 'utf8'));
mkdirSync(work, { recursive: true });
console.error(`Working in ${work}.`);

const builds: BuildRun[] = [];
/** Runs made back to back, whose ratios are taken within each round (scripts/bench/targets.ts). */
const rounds: Round[] = [];
/** Every limit a written folder passed, by size: the run ends in failure if there is one. */
const overLimits: string[] = [];
const searches: (SearchFigures & { size: number; cold: Awaited<ReturnType<typeof measureSearchColdStart>> })[] = [];
/** The card function per size, with its zip as Netlify would make it from that size's folder. */
const cards: (CardFigures & { size: number; zipBytes: number })[] = [];
/** `npm run dev`'s save-to-page time, per way of saving: over a size's catalogue, or over the sample (no size). */
const devRuns: (DevMeasure & Partial<DevFigures>)[] = [];
/** The first line of an error that names it, or its last: what a table says of a run that failed. */
const reasonOf = (error: unknown) => {
  const stderr = String((error as { stderr?: unknown }).stderr || error);
  return stderr.split('\n').find((line) => /Error|error:/.test(line))?.trim() ?? stderr.trim().split('\n').pop() ?? 'failed';
};
/** dev/measure.ts, each way of saving: over `content` of `size` skills, or over the sample. */
const measureDevOver = (size?: number, content?: { dir: string; skill: string }) => {
  for (const way of SAVE_WAYS) {
    console.error(`npm run dev: ${DEV_SAVES} saves (${way}) over ${size ? `${size} skills` : 'the sample content'}…`);
    try {
      devRuns.push({ size, ...measureDev(PROJECT_ROOT, way, content) });
    } catch (error) {
      console.error(`npm run dev (${way}) failed: ${reasonOf(error)}`);
      devRuns.push({ size, way, failed: reasonOf(error) });
    }
  }
};
const queries: { size: number; results: LatencyResult[]; cold: Awaited<ReturnType<typeof measureColdStart>>; catalogBytes: number }[] = [];

for (const size of sizes) {
  const content = join(work, `content-${size}`);
  const out = join(work, `dist-${size}`);
  const cache = join(work, `cache-${size}`);
  const constants = join(work, `constants-${size}.json`);
  console.error(`N = ${size}: generating content…`);
  await writeSyntheticContent(content, { skills: size }, join(PROJECT_ROOT, 'test/fixtures/content-small'));
  // Picked from the content as written, before any edit.
  const edits = catalogueEdits(content, size);
  const clean = () => {
    rmSync(out, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  };

  type Report = Omit<BuildRun, 'size' | 'run' | 'skillsPerSecond'>;
  const once = (script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Report => {
    const [command, first, environment] = script.includes('eleventy') ? [tsx, [], {}] : [process.execPath, [...buildNodeFlags, bundled], buildEnvironment];
    return JSON.parse(execFileSync(command, [...first, script, ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...env, ...environment } }).trim().split('\n').pop()!) as Report;
  };
  /** A run to measure: `before` and `after` each of its measures; `pairOnly`: measured only for the
   * ratios of its rounds, with no row of its own. */
  interface Measured { run: RunName; measure: () => Report; before?: () => void; after?: () => void; pairOnly?: boolean }
  /** `times` rounds of every run, one after the other in each round, so that a ratio between two of
   * them is taken at one speed of the machine; each run's median (by wall time) is its row. A run
   * that fails (its `before` or its measure) is in the table as failed and is not measured again;
   * false for it. `chained`: each run starts from what the one before it left, so after a failure
   * none runs again, and a run not measured yet is in the table as not run; false for every run. */
  const inRounds = (runs: Measured[], times: number, { chained = false } = {}): boolean[] => {
    const reports = new Map<RunName, Report[]>(runs.map(({ run }) => [run, []]));
    const failed = new Set<RunName>();
    const fail = (run: RunName, reason: string) => {
      console.error(`N = ${size}: ${run} failed: ${reason}`);
      builds.push({ size, run, wallMs: NaN, startupMs: NaN, cpuMs: NaN, skillsPerSecond: NaN, peakRssMb: NaN, failed: reason });
      failed.add(run);
    };
    let broken: RunName | undefined;
    for (let i = 0; i < times && !broken; i++) {
      const round: Round = { size, runs: {} };
      for (const { run, measure, before, after, pairOnly } of runs) {
        if (failed.has(run) || broken) continue;
        console.error(`N = ${size}: ${run}${pairOnly ? ', beside the next' : ''}${times > 1 ? `, run ${i + 1} of ${times}` : ''}…`);
        try {
          before?.();
          const report = measure();
          reports.get(run)!.push(report);
          round.runs[run] = { wallMs: report.wallMs, cpuMs: report.cpuMs };
        } catch (error) {
          fail(run, reasonOf(error));
          if (chained) broken = run;
        } finally {
          after?.();
        }
      }
      if (Object.keys(round.runs).length > 1) rounds.push(round);
    }
    for (const { run, pairOnly } of runs) {
      if (failed.has(run) || pairOnly) continue;
      const sorted = reports.get(run)!.sort((a, b) => a.wallMs - b.wallMs);
      if (sorted.length === 0) {
        fail(run, `not run: ${broken} failed before it`);
        continue;
      }
      const report = sorted[Math.floor(sorted.length / 2)];
      builds.push({ size, run, ...report, skillsPerSecond: Math.round(size / (report.wallMs / 1000)) });
    }
    return runs.map(({ run }) => !failed.has(run) && !broken);
  };
  /** `times` runs of one (each after `before`), the one with the median wall time kept; false (and
   * the failure in the table) when a run failed. */
  const timed = (run: RunName, times: number, measure: () => Report, before?: () => void): boolean => inRounds([{ run, measure, before }], times)[0];
  const buildArgs = (threads?: number) => [content, out, constants, cache, ...(threads ? [String(threads)] : [])];
  const buildOnce = (threads?: number) => once('scripts/bench/build-once.ts', buildArgs(threads));
  /** A build of ours, timed `times` times (each after `before`) as `timed` says. */
  const runBuild = (run: RunName, { threads, times = 1, before }: { threads?: number; times?: number; before?: () => void } = {}) =>
    timed(run, times, () => buildOnce(threads), before);
  /** As on Netlify: no dist/, the cache restored with the last dist/ inside it, where the cache
   * plugin puts it back (build/netlify-plugin-cache/index.js, onEnd then onPreBuild). */
  const withoutDist = () => renameSync(out, join(cache, cacheLocation.lastDist));
  const eleventyWork = join(work, `eleventy-${size}`);
  const eleventy = (pairOnly = false): Measured => ({
    run: ELEVENTY, pairOnly, measure: () => once('scripts/bench/eleventy-once.ts', [content, eleventyWork]), after: () => rmSync(eleventyWork, { recursive: true, force: true }),
  });
  const floorOut = join(work, `floor-${size}`);
  const floor: Measured = { run: FLOOR, measure: () => once('scripts/bench/floor-once.ts', [content, floorOut]), after: () => rmSync(floorOut, { recursive: true, force: true }) };
  /** One more build, under V8's CPU profiler: its report and its profiles, summarised by `summary`. */
  const profiled = <T>(summary: (profiles: string) => T): { report: Report; summary: T } => {
    const profiles = join(work, 'profiles');
    rmSync(profiles, { recursive: true, force: true });
    const report = once('scripts/bench/build-once.ts', buildArgs(), { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profiles}` });
    try {
      return { report, summary: summary(profiles) };
    } finally {
      rmSync(profiles, { recursive: true, force: true });
    }
  };
  const profiledSize = size === PROFILED_SIZE || (profile === undefined && !sizes.includes(PROFILED_SIZE));
  if (profiledSize) {
    console.error(`N = ${size}: cold build under the CPU profiler…`);
    clean();
    const { report, summary } = profiled((profiles) => profileByPackage(profiles, PROJECT_ROOT));
    profile = { size, cpuMs: report.cpuMs, packages: summary };
  }
  // Eleventy, the floor and the cold build in rounds: the cold build's ratios to the others are
  // taken within each. The last cold run's output and cache stay for the warm runs; without them
  // nothing else of this size can be measured.
  const [, , coldMade] = inRounds([eleventy(), floor, { run: 'cold', measure: () => buildOnce(), before: clean }], runs);
  if (!coldMade) {
    clean();
    continue;
  }
  // Each warm build starts from the one before it, after `change`.
  const warm = (run: RunName, { change, times }: { change?: () => void; times?: number } = {}) => {
    change?.();
    return runBuild(run, { times, before: withoutDist });
  };
  const site = join(content, 'site.yaml');
  /** The page frame changed: the shop's name, one word longer than it was, or back. */
  const changeFrame = () => {
    const text = readFileSync(site, 'utf8');
    writeFileSync(site, /^name: .* Two$/m.test(text) ? text.replace(/^(name: .*) Two$/m, '$1') : text.replace(/^name: (.*)$/m, 'name: $1 Two'));
  };
  /** Nothing changed again, under the profiler: the build after it starts from the same state. */
  const profileWarm = () => {
    console.error(`N = ${size}: warm build, nothing changed, under the CPU profiler…`);
    withoutDist();
    const { report, summary } = profiled((profiles) => profileByFunction(profiles, PROJECT_ROOT));
    warmProfile = { size, cpuMs: report.cpuMs, functions: summary };
    return true;
  };
  // The edit floor (scripts/bench/edit-floor.ts) over a copy of the content as the builds before
  // read it: its last run made once, then the body edit made again before each of its runs.
  const floorContent = join(work, `edit-floor-content-${size}`);
  const floorArgs = (step: 'prepare' | 'edit') => [step, floorContent, join(work, `edit-floor-${size}`), join(work, `edit-floor-${size}.state`)];
  const cleanFloor = () => {
    for (const path of floorArgs('edit').slice(1)) rmSync(path, { recursive: true, force: true });
  };
  let floorEdit: (typeof edits)[number] | undefined;
  const editFloor: Measured = {
    run: BODY_EDIT_FLOOR,
    measure: () => once('scripts/bench/edit-floor-once.ts', floorArgs('edit')),
    before: () => {
      if (!floorEdit) {
        console.error(`N = ${size}: the edit floor's last run…`);
        cleanFloor();
        cpSync(content, floorContent, { recursive: true });
        // From the folder the last build left, the same bytes as a cold build's of this content.
        once('scripts/bench/edit-floor-once.ts', [...floorArgs('prepare'), out]);
        floorEdit = catalogueEdits(floorContent, size).find((edit) => edit.run === BODY_EDIT)!;
      }
      console.error(`N = ${size}: edit floor: ${floorEdit.apply()}`);
    },
  };
  /** Every kind of edit, one after the other, in rounds, the edit floor first: each edit's ratio to
   * the body edit, and the body edit's to the floor, are taken within them; each edit is made again
   * in every round (scripts/bench/edits.ts says how). */
  const editRounds = () => {
    try {
      return inRounds([editFloor, ...edits.map((edit): Measured => ({
        run: edit.run,
        measure: () => buildOnce(),
        before: () => {
          console.error(`N = ${size}: ${edit.apply()}`);
          withoutDist();
        },
      }))], runs, { chained: true }).every(Boolean);
    } finally {
      cleanFloor();
    }
  };
  const warmed =
    // It leaves things as it found them, so it runs as often as the cold build, the median kept: it
    // takes half a second, which one run in a slow spell of the machine moved by a quarter.
    warm('warm, nothing changed', { times: runs }) &&
    (!profiledSize || profileWarm()) &&
    editRounds() &&
    // Every page's frame changes; no body does: a build near a cold one, so its ratio to Eleventy's
    // cold build is taken at the targets' size in rounds beside one of Eleventy's, each after
    // another change of the frame.
    (size === TARGET_SIZE
      ? inRounds([eleventy(true), { run: 'warm, page frame changed', measure: () => buildOnce(), before: () => { changeFrame(); withoutDist(); } }], runs)[1]
      : warm('warm, page frame changed', { change: changeFrame }));
  if (!warmed) {
    clean();
    continue;
  }

  // The folder a deploy would upload, as written, against the platform's limits (site/layout.ts).
  const zips = await functionZipSizes(PROJECT_ROOT, out, constants);
  console.error(`function zips: ${[...zips].map(([name, bytes]) => `${name} ${(bytes / 1e6).toFixed(1)} MB`).join(', ')}`);
  const problems = limitProblems(out, zips);
  for (const problem of problems) console.error(`N = ${size}: ${problem}`);
  overLimits.push(...problems.map((problem) => `N = ${size}: ${problem}`));
  console.error(`N = ${size}: queries…`);
  const layout = readLayout(constants);
  const results = await measureQueries(out, layout);
  const cold = await measureColdStart(PROJECT_ROOT, out, constants, work);
  queries.push({ size, results, cold, catalogBytes: layout.length });
  console.error(`N = ${size}: search…`);
  searches.push({ size, ...(await measureSearch(out)), cold: await measureSearchColdStart(PROJECT_ROOT, out, constants, work) });
  console.error(`N = ${size}: cards…`);
  cards.push({ size, ...(await measureCards(PROJECT_ROOT, out, constants, work)), zipBytes: zips.get('card') ?? NaN });
  // It copies the content it measures over, so this size's is left as the edits left it.
  if (DEV_MEASURE_TAKES_CONTENT && profiledSize) measureDevOver(size, { dir: content, skill: BODY_SKILL });

  clean();
  runBuild('cold, one thread', { threads: 1 });
  clean();
}
// Over the sample, the same whatever the sizes: once.
if (!DEV_MEASURE_TAKES_CONTENT) measureDevOver();

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const seconds = (ms: number) => `${fmt(ms / 1000, 2)} s`;
const runOf = (size: number, run: RunName) => builds.find((b) => b.size === size && b.run === run);
const measures = measuresOf(builds, rounds);
/** A run's time over another's at its size, paired within rounds where the two were made in rounds. */
const vs = (b: BuildRun, other: RunName, of: 'wallMs' | 'cpuMs') => fmt(measures.ratio(b.size, b.run, other, of) ?? NaN, 2);
/** A run's wall and CPU time over the floor's at its size (none for Eleventy, which makes other files). */
const vsFloor = (b: BuildRun) => (b.run === ELEVENTY ? ' | ' : `${vs(b, FLOOR, 'wallMs')} | ${vs(b, FLOOR, 'cpuMs')}`);
const buildTable = [
  '| skills | build | wall | with start-up | vs Eleventy | vs floor (wall) | vs floor (CPU) | skills/s | CPU | peak RSS | tasks made (kept, linked) | pages rendered | bodies parsed (from the cache) | Markdown | everything else | start-up |',
  '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...builds.map((b) => b.failed ? `| ${fmt(b.size)} | ${b.run} | failed: ${b.failed.replaceAll('|', '\\|')} | | | | | | | | | | | | | |` :
    `| ${fmt(b.size)} | ${b.run} | ${seconds(b.wallMs)} | ${seconds(b.wallMs + b.startupMs)} | ${vs(b, ELEVENTY, 'wallMs')} | ${vsFloor(b)} | ${fmt(b.skillsPerSecond)} | ${seconds(b.cpuMs)} | ${fmt(b.peakRssMb)} MB | ` +
    (b.report
      ? `${fmt(b.report.made)} of ${fmt(b.report.tasks)} (${fmt(b.report.kept)}, ${fmt(b.report.linked)}) | ${fmt(b.report.pagesMade)} of ${fmt(b.report.pages)} on ${b.report.threads} | ${fmt(b.report.bodies)} (${fmt(b.report.bodiesReused)}) | ${seconds(b.report.bodyMs)} | ${seconds(Math.max(0, b.cpuMs - b.report.bodyMs))} | ${seconds(b.startupMs)} |`
      : `| | | | | ${seconds(b.startupMs)} |`)),
].join('\n');
/** Time per skill at each size, and how it grows from 4,000 (or the second size) to the largest. */
const growthRows: { name: string; ms: (size: number) => number | undefined }[] = [
  ...(['cold', 'warm, nothing changed', ...EDIT_RUNS, 'warm, page frame changed'] as const).map((run) => ({
    name: `build, ${run} (wall with start-up)`,
    ms: (size: number) => {
      const b = builds.find((x) => x.size === size && x.run === run);
      return b && b.wallMs + b.startupMs;
    },
  })),
  { name: 'catalog function, cold import', ms: (size: number) => queries.find((q) => q.size === size)?.cold.importMs },
  ...(queries[0]?.results ?? []).map(({ name }) => ({
    name: `catalog function, p50 of ${name}`,
    ms: (size: number) => queries.find((q) => q.size === size)?.results.find((r) => r.name === name)?.p50Ms,
  })),
];
const base = sizes.includes(PROFILED_SIZE) ? PROFILED_SIZE : sizes[Math.min(1, sizes.length - 1)];
const largest = Math.max(...sizes);
const perSkill = (ms: number | undefined, size: number) => (ms === undefined ? NaN : (1000 * ms) / size);
const growthTable = [
  `Growth: time per skill in µs at each size, and its ratio at ${fmt(largest)} to ${fmt(base)} skills (the target: at most 1.2).`,
  '',
  `| measure | ${sizes.map((size) => fmt(size)).join(' | ')} | ${fmt(largest)} / ${fmt(base)} |`,
  `| --- | ${sizes.map(() => '---:').join(' | ')} | ---: |`,
  ...growthRows.map(({ name, ms }) =>
    `| ${name} | ${sizes.map((size) => fmt(perSkill(ms(size), size), 1)).join(' | ')} | ${fmt(perSkill(ms(largest), largest) / perSkill(ms(base), base), 2)} |`),
].join('\n');
/** Each step's time at the profiled size, for the floor and every build: what a target not met
 * spends its time on, beside what the floor spends on the same step. */
const STEP_RUNS: readonly RunName[] = [FLOOR, 'cold', 'warm, nothing changed', BODY_EDIT_FLOOR, ...EDIT_RUNS, 'warm, page frame changed'];
const stepRuns = STEP_RUNS.map((run) => runOf(base, run)).filter((b): b is BuildRun => b?.timings !== undefined);
const steps = [...new Set(stepRuns.flatMap((b) => Object.keys(b.timings!)))];
const stepTable = stepRuns.length === 0 ? '' : [
  `Steps at ${fmt(base)} skills, in ms, each run's one after another: a build's as it names them (its "make" on its workers), the floor's under the names of the build's steps that make the same files, on one thread. A blank: the run had no such step (the floor does load, validate and model in one, and has no cache or task keys).`,
  '',
  `| step | ${stepRuns.map((b) => b.run).join(' | ')} |`,
  `| --- | ${stepRuns.map(() => '---:').join(' | ')} |`,
  ...steps.map((step) => `| ${step} | ${stepRuns.map((b) => (b.timings![step] === undefined ? '' : fmt(b.timings![step]))).join(' | ')} |`),
  `| wall | ${stepRuns.map((b) => fmt(b.wallMs)).join(' | ')} |`,
].join('\n');
/** The top 12 of a profile's self times, with their share of all of it. */
const selfTimeTable = (title: string, column: string, rows: readonly SelfTime[]) => {
  const total = rows.reduce((sum, row) => sum + row.selfMs, 0);
  return [
    title,
    '',
    `| ${column} | self time | share |`,
    '| --- | ---: | ---: |',
    ...rows.slice(0, 12).map((row) => `| ${row.name.replaceAll('|', '\\|')} | ${seconds(row.selfMs)} | ${fmt((100 * row.selfMs) / total, 1)} % |`),
  ].join('\n');
};
const profileTable = profile
  ? selfTimeTable(`CPU profile of a cold build of ${fmt(profile.size)} skills (every thread; self time by package, the top 12):`, 'package', profile.packages)
  : '';
const warmProfileTable = warmProfile
  ? selfTimeTable(
      `CPU profile of a warm build of ${fmt(warmProfile.size)} skills where nothing changed (cache restored, no \`dist/\`; every thread; self time by function, the top 12):`,
      'function',
      warmProfile.functions,
    )
  : '';
const queryTable = [
  '| skills | query | p50 | p99 | answers/s | body |',
  '| ---: | --- | ---: | ---: | ---: | ---: |',
  ...queries.flatMap((q) => q.results.map((r) => `| ${fmt(q.size)} | ${r.name} | ${fmt(r.p50Ms, 3)} ms | ${fmt(r.p99Ms, 3)} ms | ${fmt(r.perSecond)} | ${fmt(r.bytes / 1024, 1)} KiB |`)),
].join('\n');
const coldTable = [
  '| skills | cold import | first answer | function RSS after it | catalog.json |',
  '| ---: | ---: | ---: | ---: | ---: |',
  ...queries.map((q) => `| ${fmt(q.size)} | ${fmt(q.cold.importMs, 1)} ms | ${fmt(q.cold.firstRequestMs, 1)} ms | ${fmt(q.cold.rssMb)} MB | ${fmt(q.catalogBytes / 1048576, 1)} MiB |`),
].join('\n');
const searchTable = [
  '| skills | search index | gzipped | files | p50 of the query kinds | cold import | first answer (loads the index) | function RSS after it |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...searches.map((q) => `| ${fmt(q.size)} | ${fmt(q.indexBytes / 1048576, 1)} MiB | ${fmt(q.indexGzipBytes / 1048576, 1)} MiB | ${fmt(q.indexFiles)} | ${fmt(q.p50Ms, 3)} ms | ${fmt(q.cold.importMs, 1)} ms | ${fmt(q.cold.firstRequestMs, 1)} ms | ${fmt(q.cold.rssMb)} MB |`),
].join('\n');
const searchQueryTable = [
  '| skills | search | p50 | p99 | answers/s | body |',
  '| ---: | --- | ---: | ---: | ---: | ---: |',
  ...searches.flatMap((q) => q.results.map((r) => `| ${fmt(q.size)} | ${r.name} | ${fmt(r.p50Ms, 3)} ms | ${fmt(r.p99Ms, 3)} ms | ${fmt(r.perSecond)} | ${fmt(r.bytes / 1024, 1)} KiB |`)),
].join('\n');
const cardTable = [
  '| skills | card function zip | cold import | first card (its item read, satori, resvg and fonts loaded, drawn) | function RSS after it | a card drawn warm, median (slowest) |',
  '| ---: | ---: | ---: | ---: | ---: | ---: |',
  ...cards.map((c) => `| ${fmt(c.size)} | ${fmt(c.zipBytes / 1e6, 1)} MB | ${fmt(c.cold.importMs, 1)} ms | ${fmt(c.cold.firstRequestMs, 1)} ms | ${fmt(c.cold.rssMb)} MB | ${fmt(c.drawP50Ms, 1)} ms (${fmt(c.drawMaxMs, 1)} ms) |`),
].join('\n');
const sampleSkills = readdirSync(join(PROJECT_ROOT, 'content/skills')).filter((name) => name.endsWith('.md')).length;
const devTable = devRuns.length === 0 ? '' : [
  `\`npm run dev\`: save → page, dev/measure.ts's median (and worst) of ${DEV_SAVES} saves of one skill with a new title, each save written in place or renamed over the file from a new one beside it` +
    (DEV_MEASURE_TAKES_CONTENT ? '.' : `, over a copy of content/ (${sampleSkills} skill files), not the bench's catalogue: dev/measure.ts takes no content folder to measure over.`),
  '',
  '| skills | save | save → reload event | save → new page fetched | worst, to the page | build (in the warm worker) |',
  '| ---: | --- | ---: | ---: | ---: | ---: |',
  ...devRuns.map((d) => `| ${d.size === undefined ? `sample (${sampleSkills})` : fmt(d.size)} | ${d.way} | ` +
    (d.failed ? `failed: ${d.failed.replaceAll('|', '\\|')} | | | |` : `${fmt(d.toReloadMs!)} ms | ${fmt(d.toPageMs!)} ms | ${fmt(d.worstToPageMs!)} ms | ${fmt(d.buildMs!)} ms |`)),
].join('\n');
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const where = work.startsWith('/dev/shm') ? 'content, cache and output in RAM' : 'content, cache and output on disk';
const report =
  `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, ${where}, with \`npm run bench\`. ` +
  `Eleventy, the floor, the cold builds, the warm ones where nothing changed and each edit: median of ${runs} runs. "vs Eleventy" is wall time over Eleventy's at the same size, in this run. ` +
  'The warm builds run as on Netlify (no `dist/`, the cache restored with the last `dist/` in it), each from what the one before left; an edit is one change an editor saves (scripts/bench/edits.ts): ' +
  `"body edited", a sentence added to one skill's body; "title and price edited", both in one skill's file; "skill added", a new skill file; "skill removed", a skill that no bundle lists; "bundle members changed", a skill added to or taken out of one bundle. ` +
  `Eleventy, the floor and the cold build run in ${runs} rounds, one of each after the other; the edits in ${runs} rounds, one of each kind after the other; and at ${fmt(TARGET_SIZE)} skills the warm build whose page frame changed runs in ${runs} rounds beside one of Eleventy's: ` +
  'a ratio between two runs of a round is the median of its ratios within the rounds, so a drift of the machine\'s speed over minutes moves both sides of it. ' +
  '"floor" makes the same files as the build (a test compares them byte for byte) with the kinds\' render functions alone, each kind\'s files held to its check as the build holds them, on one thread, ' +
  'with no cache, no workers and no task keys (scripts/bench/floor.ts); "vs floor" is a run\'s wall and CPU time over the floor\'s: the cost of the build\'s architecture. ' +
  `The builds and the floor run as \`npm run build\` does on Netlify: with its Node flags (package.json) and the environment netlify.toml gives the build (${Object.keys(buildEnvironment).join(', ')}). ` +
  '"CPU" is the CPU time of all threads; "Markdown" the part of it spent turning bodies into HTML and twin Markdown; ' +
  '"start-up" is Node, tsx and the modules loading before the build starts (not in "wall"); "tasks made" how many of the build\'s tasks made their files, of all, the others kept in place or linked from the last `dist/`.\n\n' +
  `${buildTable}\n\n${stepTable}\n\n${growthTable}\n\n${devTable}\n\n${profileTable}\n\n${warmProfileTable}\n\n${queryTable}\n\n${coldTable}\n\n${searchTable}\n\n${searchQueryTable}\n\n${cardTable}\n`;

console.log(`\n${report}`);
mkdirSync(join(PROJECT_ROOT, 'bench'), { recursive: true });
writeFileSync(join(PROJECT_ROOT, 'bench/results.json'), `${JSON.stringify({ machine, where, runs, builds, rounds, profile, warmProfile, queries, searches, cards, dev: devRuns }, null, 2)}\n`);
const targets = targetsTable(builds, rounds, { searches, dev: devRuns });
console.log(`\nThe build's targets (${TARGETS_PAGE}):\n\n${targets}`);
if (sizes.join(',') === DEFAULT_SIZES) {
  writeMarkedSection(join(PROJECT_ROOT, PERFORMANCE_PAGE), 'bench', report);
  writeMarkedSection(join(PROJECT_ROOT, TARGETS_PAGE), 'targets', targetsSection(machine, where, runs, targets, !DEV_MEASURE_TAKES_CONTENT));
  console.error(`${PERFORMANCE_PAGE} and ${TARGETS_PAGE}: benchmark tables updated.`);
} else {
  console.error(`${PERFORMANCE_PAGE} and ${TARGETS_PAGE} left as they are: they show a run of the default sizes (${DEFAULT_SIZES}).`);
}
rmSync(work, { recursive: true, force: true });
if (overLimits.length > 0) {
  console.error(`Past the limits the published folder must respect:\n${overLimits.map((problem) => `  ${problem}`).join('\n')}`);
  process.exitCode = 1;
}

/**
 * What of the written output passes a limit of the issue's: a folder over Netlify's files per
 * directory (sub-folders counted), a text file over 10 MB but the catalogue's (`catalog.json` and its
 * static copy `index.json`, under every prefix), a function whose zip (`zips`: with its included files
 * from `out` and the constants of the build that wrote it) is 50 MB or more. Each problem in words;
 * none when all hold.
 */
function limitProblems(out: string, zips: ReadonlyMap<string, number>): string[] {
  const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    .map((entry) => relative(out, join(entry.parentPath, entry.name)).split(sep).join('/'));
  const catalogue = new Set([CATALOG_FILE, STATIC_CATALOG_FILE]);
  return [
    ...overfullFolders(files).map(({ folder, entries }) => `${folder}/ holds ${entries} entries, over ${DIRECTORY_MAX_ENTRIES}`),
    ...files.filter((file) => /\.(txt|md|xml|json|html)$/.test(file) && !catalogue.has(file.replace(/^v\d+\//, '')))
      .map((file) => ({ file, bytes: statSync(join(out, file)).size }))
      .filter(({ bytes }) => bytes > TEXT_FILE_MAX_BYTES)
      .map(({ file, bytes }) => `${file} is ${bytes} bytes, over ${TEXT_FILE_MAX_BYTES}`),
    ...[...zips].filter(([, bytes]) => bytes >= FUNCTION_ZIP_MAX_BYTES).map(([name, bytes]) => `the ${name} function's zip is ${bytes} bytes, not under ${FUNCTION_ZIP_MAX_BYTES}`),
  ];
}

/** A folder in RAM, if this machine has a writable /dev/shm. */
function ramDisk(): string | undefined {
  try {
    accessSync('/dev/shm', fsConstants.W_OK);
    return `/dev/shm/skill-catalogue-bench-${process.pid}`;
  } catch {
    return undefined;
  }
}
