/**
 * The floor (floor.ts) in its own process, for the benchmark, timed as build-once.ts times a build:
 * prints one JSON line with wall time, start-up, CPU time, each step's time, peak RSS, and the peak RSS once its model was made.
 * Usage: tsx scripts/bench/floor-once.ts <contentDir> <outDir>
 */
import { BENCH_ENV } from '../bench-options.ts';
import { writeFloor } from './floor.ts';

const [contentDir, outDir] = process.argv.slice(2);
const cpuBefore = process.cpuUsage();
const started = performance.now();
const { files, timings, modelPeakRssMb } = await writeFloor({ contentDir, outDir, env: BENCH_ENV });
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
console.log(JSON.stringify({ wallMs, startupMs: started, cpuMs: (cpu.user + cpu.system) / 1000, timings, files: files.length, modelPeakRssMb, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
