/**
 * The edit floor (edit-floor.ts) in its own process, for the benchmark, timed as build-once.ts
 * times a build: `prepare` makes its last run from a folder of the content's files (untimed),
 * `edit` times the edit made since and prints one JSON line with wall time, start-up, CPU time,
 * each step's time and peak RSS.
 * Usage: tsx scripts/bench/edit-floor-once.ts prepare <contentDir> <outDir> <stateFile> <fromDir>
 *        tsx scripts/bench/edit-floor-once.ts edit <contentDir> <outDir> <stateFile>
 */
import { BENCH_ENV } from '../bench-options.ts';
import { editFloor, prepareEditFloor } from './edit-floor.ts';

const [step, contentDir, outDir, stateFile, from] = process.argv.slice(2);
if (step === 'prepare') {
  await prepareEditFloor({ contentDir, from, outDir, stateFile, env: BENCH_ENV });
  console.log('{}');
} else {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const { files, timings } = editFloor({ outDir, stateFile });
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  console.log(JSON.stringify({ wallMs, startupMs: started, cpuMs: (cpu.user + cpu.system) / 1000, timings, files: files.length, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
}
