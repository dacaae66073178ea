/**
 * One build in its own process, for the benchmark: prints wall time, phase timings and peak RSS as
 * one JSON line, so each run starts cold and its memory is its own.
 * Usage: tsx scripts/bench/build-once.ts <contentDir> <outDir> <constantsFile>
 */
import { build } from '../../build/index.ts';

const [contentDir, outDir, constantsFile] = process.argv.slice(2);
const started = performance.now();
const result = await build({
  contentDir,
  outDir,
  constantsFile,
  env: { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'bench00' },
});
const wallMs = performance.now() - started;
console.log(JSON.stringify({
  wallMs,
  timings: result.timings,
  files: result.files.length,
  skills: result.model.skills.length,
  peakRssMb: process.resourceUsage().maxRSS / 1024,
}));
