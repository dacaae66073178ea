/**
 * One build in its own process, for the benchmark, so each run's memory is its own: prints one
 * JSON line with wall time, start-up, CPU time of all threads, peak RSS and the page report.
 * Usage: tsx scripts/bench/build-once.ts <contentDir> <outDir> <constantsFile> <cacheDir> [threads]
 */
import { build } from '../../build/index.ts';
import { BENCH_ENV } from '../bench-options.ts';

const [contentDir, outDir, constantsFile, cacheDir, threads] = process.argv.slice(2);
const cpuBefore = process.cpuUsage();
const started = performance.now();
const result = await build({
  contentDir,
  outDir,
  constantsFile,
  cacheDir,
  threads: threads ? Number(threads) : undefined,
  env: BENCH_ENV,
});
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
console.log(JSON.stringify({
  wallMs,
  // From the process's start (performance's time origin) to build(): Node, tsx and the modules.
  startupMs: started,
  cpuMs: (cpu.user + cpu.system) / 1000,
  timings: result.timings,
  report: result.report,
  files: result.files.length,
  // Read before anything else is made: a build that kept its folder whole never made its model,
  // and asking for it (result.model) would make it now.
  peakRssMb: process.resourceUsage().maxRSS / 1024,
}));
