/**
 * Where a build's CPU time goes, by package or by function: the V8 CPU profiles a process and its
 * worker threads write with `--cpu-prof` (one file per thread), each sample's self time charged to
 * the npm package (or the project's own folder) its function comes from, or to the function. The render workers run a bundle
 * (build/run/pool.ts), so their functions are traced back through its source map.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import type { SourceMapPayload } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time of one package or one function, as a profile summary lists it. */
export interface SelfTime {
  name: string;
  selfMs: number;
}

/** `node_modules/micromark/lib/x.js` → `micromark`; a project file → its top folder; V8's own
 * entries (`(garbage collector)`, `(program)`) as they are. */
export function packageOf(file: string, projectRoot: string): string {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (modules) return modules[1];
  if (file.startsWith('node:') || file === '') return 'node';
  const path = file.startsWith('file:') ? fileURLToPath(file) : file;
  const inside = relative(projectRoot, path);
  return inside.startsWith('..') ? 'node' : `(project) ${inside.split('/')[0]}`;
}

/** Where a sampled function comes from: its file as written (traced through a bundle's source map),
 * its line there (1-based), and its name. */
interface Origin {
  file: string;
  line: number;
  functionName: string;
}

/** Self time over every profile in `dir`, summed by `keyOf` of each sample's function (V8's own
 * entries, such as `(garbage collector)`, by their name), largest first; idle time left out. */
function selfTimeBy(dir: string, keyOf: (origin: Origin) => string): SelfTime[] {
  const totals = new Map<string, number>();
  const maps = new Map<string, SourceMap | null>();
  const sourceMapOf = (url: string): SourceMap | null => {
    if (!maps.has(url)) {
      let map: SourceMap | null = null;
      try {
        const file = url.startsWith('file:') ? fileURLToPath(url) : url;
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload);
      } catch {
        // No map beside it: the file is its own source.
      }
      maps.set(url, map);
    }
    return maps.get(url)!;
  };
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile;
    const nameOf = new Map<number, string>();
    for (const { id, callFrame } of profile.nodes) {
      if (callFrame.url === '' && callFrame.functionName.startsWith('(')) {
        nameOf.set(id, callFrame.functionName);
        continue;
      }
      const map = callFrame.url.endsWith('.mjs') || callFrame.url.endsWith('.js') ? sourceMapOf(callFrame.url) : null;
      const entry = map?.findEntry(callFrame.lineNumber, callFrame.columnNumber);
      const base = callFrame.url.startsWith('file:') ? callFrame.url : pathToFileURL(callFrame.url).href;
      const mapped = entry && 'originalSource' in entry;
      nameOf.set(id, keyOf({
        file: mapped ? new URL(entry.originalSource, base).href : callFrame.url,
        line: (mapped ? entry.originalLine : callFrame.lineNumber) + 1,
        functionName: callFrame.functionName,
      }));
    }
    profile.samples.forEach((node, i) => {
      const name = nameOf.get(node) ?? 'node';
      totals.set(name, (totals.get(name) ?? 0) + profile.timeDeltas[i] / 1000);
    });
  }
  totals.delete('(idle)');
  return [...totals].map(([name, selfMs]) => ({ name, selfMs })).sort((a, b) => b.selfMs - a.selfMs);
}

/** Self time per package over every profile in `dir`, largest first; idle time left out. */
export const profileByPackage = (dir: string, projectRoot: string): SelfTime[] =>
  selfTimeBy(dir, ({ file }) => packageOf(file, projectRoot));

/** Self time per function (`name` in `build/x.ts:12`, in `micromark`, or in `node` for Node's
 * own), largest first: where a build whose time is not in any one package spends it. */
export const profileByFunction = (dir: string, projectRoot: string): SelfTime[] =>
  selfTimeBy(dir, ({ file, line, functionName }) => {
    const where = packageOf(file, projectRoot);
    const path = file.startsWith('file:') ? fileURLToPath(file) : file;
    const place = where.startsWith('(project)') ? `${relative(projectRoot, path)}:${line}` : where;
    return `${functionName || '(anonymous)'} in ${place}`;
  });
