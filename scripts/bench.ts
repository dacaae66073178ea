/**
 * `npm run bench`: build and query speed on seeded synthetic catalogues of 1,000, 4,000 and 10,000
 * skills (N/10 bundles), generated under bench/work/ (git-ignored), never in content/.
 * Prints a table, writes bench/results.json and the table into README.md between its bench markers.
 * Options: --sizes 1000,4000 to run fewer sizes.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../build/index.ts';
import { writeSyntheticContent } from './bench/synthetic-content.ts';
import { measureColdStart, measureQueries, readLayout } from './bench/query.ts';
import type { LatencyResult } from './bench/query.ts';

interface BuildRun {
  size: number;
  run: 'cold' | 'warm, nothing changed' | 'warm, one skill changed';
  wallMs: number;
  skillsPerSecond: number;
  peakRssMb: number;
  renderMs: number;
  otherMs: number;
  timings: Record<string, number>;
}

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,4000,10000' } } });
const sizes = values.sizes!.split(',').map(Number);
const work = join(PROJECT_ROOT, 'bench/work');
const tsx = join(PROJECT_ROOT, 'node_modules/.bin/tsx');
mkdirSync(work, { recursive: true });

const builds: BuildRun[] = [];
const queries: { size: number; results: LatencyResult[]; cold: Awaited<ReturnType<typeof measureColdStart>>; catalogBytes: number }[] = [];

for (const size of sizes) {
  const content = join(work, `content-${size}`);
  const out = join(work, `dist-${size}`);
  const cache = join(work, `cache-${size}`);
  const constants = join(work, `constants-${size}.json`);
  console.error(`N = ${size}: generating content…`);
  await writeSyntheticContent(content, { skills: size }, join(PROJECT_ROOT, 'test/fixtures/content-small'));
  rmSync(out, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });

  const runBuild = (run: BuildRun['run']) => {
    console.error(`N = ${size}: build, ${run}…`);
    const output = execFileSync(tsx, ['scripts/bench/build-once.ts', content, out, constants], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    const report = JSON.parse(output.trim().split('\n').pop()!) as { wallMs: number; timings: Record<string, number>; skills: number; peakRssMb: number };
    const renderMs = report.timings.render ?? 0;
    builds.push({
      size,
      run,
      wallMs: report.wallMs,
      skillsPerSecond: Math.round(size / (report.wallMs / 1000)),
      peakRssMb: Math.round(report.peakRssMb),
      renderMs: Math.round(renderMs),
      otherMs: Math.round(report.wallMs - renderMs),
      timings: report.timings,
    });
  };
  runBuild('cold');
  runBuild('warm, nothing changed');
  appendFileSync(join(content, 'skills/skill-00007.md'), '\nOne more sentence, so this skill changed.\n');
  runBuild('warm, one skill changed');

  console.error(`N = ${size}: queries…`);
  const layout = readLayout(constants);
  const results = await measureQueries(out, layout);
  const cold = await measureColdStart(PROJECT_ROOT, out, constants, work);
  queries.push({ size, results, cold, catalogBytes: layout.length });
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const buildTable = [
  '| skills | build | wall | skills/s | peak RSS | Markdown render | everything else |',
  '| ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  ...builds.map((b) => `| ${fmt(b.size)} | ${b.run} | ${fmt(b.wallMs / 1000, 2)} s | ${fmt(b.skillsPerSecond)} | ${fmt(b.peakRssMb)} MB | ${fmt(b.renderMs)} ms | ${fmt(b.otherMs)} ms |`),
].join('\n');
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
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const report = `Measured ${new Date().toISOString().slice(0, 10)} on ${machine} with \`npm run bench\`.\n\n${buildTable}\n\n${queryTable}\n\n${coldTable}\n`;

console.log(`\n${report}`);
mkdirSync(join(PROJECT_ROOT, 'bench'), { recursive: true });
writeFileSync(join(PROJECT_ROOT, 'bench/results.json'), `${JSON.stringify({ machine, builds, queries }, null, 2)}\n`);
const readmePath = join(PROJECT_ROOT, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const marked = /(<!-- bench:start -->\n)[\s\S]*?(<!-- bench:end -->)/;
if (marked.test(readme) && sizes.join(',') === '1000,4000,10000') {
  writeFileSync(readmePath, readme.replace(marked, `$1${report}$2`));
  console.error('README.md: benchmark table updated.');
}
