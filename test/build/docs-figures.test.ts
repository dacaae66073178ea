/**
 * The documentation's figures about the sample are true: the example build log of
 * docs/contributors.md names the counts a real build of content/ prints (skills, bundles, docs, page
 * jobs, files written), and the README's set-up lines work as written. Times differ from run to run
 * and are not compared.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../dev/options.ts';

const ROOT = join(import.meta.dirname, '../..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const contributors = readFileSync(join(ROOT, 'docs/contributors.md'), 'utf8');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** `phase   31 ms  detail` → [phase, detail without what depends on the machine]. */
function logLines(text: string): Map<string, string> {
  const lines = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([a-z][a-z ]*?)\s+\d+ ms\s+(.*)$/.exec(line.trim());
    if (!match) continue;
    const detail = match[2]
      .replace(/ in \d+ ms of CPU/g, '')
      .replace(/ on \d+ threads?/g, '')
      // Where it wrote, and how much of it was new, depend on the run.
      .replace(/ to \S+.*$/, '')
      .trim();
    lines.set(match[1].trim(), detail);
  }
  return lines;
}

const scratch = mkdtempSync(join(tmpdir(), 'docs-figures-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the documentation', () => {
  it('shows the build log a build of the sample content prints, count for count', () => {
    const example = /The build prints one line per phase[\s\S]*?```\n([\s\S]*?)```/.exec(contributors);
    expect(example, 'the example build log').not.toBeNull();
    const shown = logLines(example![1]);
    expect(shown.size).toBeGreaterThanOrEqual(4);
    const printed = execFileSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build.ts', '--no-cache', '--threads', '1', '--out', join(scratch, 'dist')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600' },
    });
    const actual = logLines(printed);
    for (const [phase, detail] of shown) expect(`${phase}: ${actual.get(phase)}`).toBe(`${phase}: ${detail}`);
  }, 120_000);

  it('names the port option of npm start, which scripts/start.ts reads', () => {
    expect(readme).toContain('npm start -- --port 9000');
    expect(packageJson.scripts.start).toBe('tsx scripts/start.ts');
    expect(parseStartArgs(['--port', '9000'])).toMatchObject({ args: { port: 9000 } });
  });
});
