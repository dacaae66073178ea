/**
 * Save-to-reload time of `npm run dev`: `npx tsx dev/measure.ts [--runs N] [--skill SLUG]`.
 *
 * Starts the real command (scripts/dev.ts) over a copy of content/ in a temporary folder (its own
 * output and cache, so the project's dist/ is untouched), listens to its events as an open page
 * does, then saves one skill with a new title N times. For each save it times the write to the
 * `reload` event (what the page waits for) and to the new page fetched over HTTP, and prints the
 * median and the worst of each, with the build's own time.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../build/index.ts';
import { DEV_PATHS } from './live-reload.ts';
import { MEASURE_OPTIONS } from './measure-options.ts';

const { values } = parseArgs({ options: MEASURE_OPTIONS });
const runs = Number(values.runs);
const work = mkdtempSync(join(tmpdir(), 'dev-measure-'));
const content = join(work, 'content');
cpSync(join(PROJECT_ROOT, 'content'), content, { recursive: true });
const skillFile = join(content, 'skills', `${values.skill}.md`);
const original = readFileSync(skillFile, 'utf8');

const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts', '--port', '0', '--content', content, '--out', join(work, 'out'), '--cache', join(work, 'cache')], {
  cwd: PROJECT_ROOT,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let terminal = '';
const base = await new Promise<string>((resolve, reject) => {
  child.stdout!.on('data', (chunk: Buffer) => {
    terminal += chunk;
    const url = /^Serving (\S+)/m.exec(terminal)?.[1];
    if (url) resolve(url);
  });
  child.on('exit', (code) => reject(new Error(`npm run dev exited ${code}:\n${terminal}`)));
});

// An open page's view of the server: each `reload` event as it arrives.
const reloads: { at: number; ms: number }[] = [];
const stream = await fetch(`${base}${DEV_PATHS.events}`);
void (async () => {
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    for (const [, data] of read.value.matchAll(/^event: reload\ndata: (.*)$/gm)) reloads.push({ at: performance.now(), ms: (JSON.parse(data) as { ms: number }).ms });
  }
})().catch(() => {});

const toReload: number[] = [];
const toPage: number[] = [];
const build: number[] = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const title = `Measured title ${run}`;
    const seen = reloads.length;
    const saved = performance.now();
    writeFileSync(skillFile, original.replace(/^title: .*$/m, `title: "${title}"`));
    while (reloads.length === seen) await new Promise((resolve) => setTimeout(resolve, 2));
    const reload = reloads[seen];
    const page = await (await fetch(`${base}/skills/${values.skill}`)).text();
    if (!page.includes(title)) throw new Error(`run ${run}: the page after the reload event does not show "${title}"`);
    toPage.push(performance.now() - saved);
    toReload.push(reload.at - saved);
    build.push(reload.ms);
    // Let the editor's next save be a new burst, as it would be.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
} finally {
  child.kill('SIGINT');
  rmSync(work, { recursive: true, force: true });
}

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const median = (list: number[]) => sorted(list)[Math.floor(list.length / 2)];
const worst = (list: number[]) => sorted(list).at(-1)!;
const row = (label: string, list: number[]) => `${label.padEnd(32)} median ${median(list).toFixed(0).padStart(4)} ms   worst ${worst(list).toFixed(0).padStart(4)} ms`;
console.log(`${runs} saves of content/skills/${values.skill}.md (a new title each), sample content:`);
console.log(row('save → reload event', toReload));
console.log(row('save → new page fetched', toPage));
console.log(row('build (in the warm worker)', build));
