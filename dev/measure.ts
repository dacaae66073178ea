/**
 * Save-to-reload time of `npm run dev`: `npx tsx dev/measure.ts [--runs N] [--skill SLUG] [--save inplace|rename] [--content DIR]`.
 *
 * Starts the real command (scripts/dev.ts) over a copy of content/ (or of `--content`) in a temporary folder (its own
 * output and cache, so the project's dist/ is untouched), listens to its events as an open page
 * does, then saves one skill with a new title N times, each save written in place or renamed over
 * the file from a new one beside it (`--save`). For each save it times the write to the `reload`
 * event (what the page waits for) and to the new page fetched over HTTP, and prints the median and
 * the worst of each, with the build's own time.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../build/index.ts';
import { DEV_PATHS } from './live-reload.ts';
import { isSaveWay, MEASURE_OPTIONS, SAVE_WAYS } from './measure-options.ts';
import type { SaveWay } from './measure-options.ts';

/** A measurement that could not be made: the server stopped, or a save was not seen. */
class MeasureError extends Error {
  override readonly name = 'MeasureError';
}

/** A save not shown by then was lost, not slow. */
const SEEN_WITHIN_MS = 10_000;

const { values } = parseArgs({ options: MEASURE_OPTIONS });
const runs = Number(values.runs);
const optionError = () => {
  if (!Number.isInteger(runs) || runs < 1) return `--runs: expected a whole number, 1 or more, got "${values.runs}"`;
  // A file name under content/skills/ of the copy, never a path out of it.
  if (!/^[a-z0-9][a-z0-9-]*$/.test(values.skill)) return `--skill: expected a skill's slug (content/skills/<slug>.md), got "${values.skill}"`;
  if (!isSaveWay(values.save)) return `--save: expected one of ${SAVE_WAYS.join(', ')}, got "${values.save}"`;
  return undefined;
};
const problem = optionError();
if (problem) {
  console.error(problem);
  process.exit(2);
}
const way = values.save as SaveWay;
const work = mkdtempSync(join(tmpdir(), 'dev-measure-'));
const content = join(work, 'content');
const source = values.content ?? join(PROJECT_ROOT, 'content');
cpSync(source, content, { recursive: true });
const skillFile = join(content, 'skills', `${values.skill}.md`);
const original = readFileSync(skillFile, 'utf8');
/** Where a rename's new file is written first: beside the skill, named as `sed -i` names its own. */
const temporary = join(content, 'skills', 'sedMeAsUr');
const save: Record<SaveWay, (text: string) => void> = {
  inplace: (text) => writeFileSync(skillFile, text),
  rename: (text) => {
    writeFileSync(temporary, text);
    renameSync(temporary, skillFile);
  },
};

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
  child.on('exit', (code) => reject(new MeasureError(`npm run dev exited ${code}:\n${terminal}`)));
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

/** Until no build runs: the first (of the whole copy) done, and none queued by an earlier save, so
 * the next reload is the next save's. A catalogue of thousands takes a while to build first. */
async function idle(): Promise<void> {
  const until = performance.now() + 10 * 60_000;
  for (;;) {
    const status = (await (await fetch(`${base}${DEV_PATHS.status}`)).json()) as { build: number; building: boolean };
    if (status.build >= 1 && !status.building) return;
    if (performance.now() > until) throw new MeasureError('npm run dev was still building ten minutes on');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const toReload: number[] = [];
const toPage: number[] = [];
const build: number[] = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const title = `Measured title ${run}`;
    await idle();
    const seen = reloads.length;
    const saved = performance.now();
    save[way](original.replace(/^title: .*$/m, `title: "${title}"`));
    while (reloads.length === seen) {
      if (performance.now() - saved > SEEN_WITHIN_MS) throw new MeasureError(`run ${run}: no reload event ${SEEN_WITHIN_MS / 1000} s after the save (${way}): the save was not seen`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const reload = reloads[seen];
    const page = await (await fetch(`${base}/skills/${values.skill}`)).text();
    if (!page.includes(title)) throw new MeasureError(`run ${run}: the page after the reload event does not show "${title}"`);
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
const how = way === 'inplace' ? 'written in place' : 'renamed over it from a new file beside it';
console.log(`${runs} saves of content/skills/${values.skill}.md (a new title each, ${how}), ${values.content ? `the content of ${values.content}` : 'sample content'}:`);
console.log(row('save → reload event', toReload));
console.log(row('save → new page fetched', toPage));
console.log(row('build (in the warm worker)', build));
