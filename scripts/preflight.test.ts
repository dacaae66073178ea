import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { installCommand, missingReport, missingTools, SYSTEM_TOOLS } from './preflight.ts';

const ROOT = join(import.meta.dirname, '..');
const PREFLIGHT = join(import.meta.dirname, 'preflight.ts');
const dir = mkdtempSync(join(tmpdir(), 'preflight-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A machine without the tools: nothing on PATH, Chromium looked for where there is none. */
const bare = { PATH: join(dir, 'empty-bin'), CHROMIUM_PATH: join(dir, 'no-chromium') };

/** A machine with them: an executable file at each place. */
function equipped(): NodeJS.ProcessEnv {
  const bin = mkdtempSync(join(dir, 'bin-'));
  for (const name of ['xmllint', 'trang', 'chromium']) {
    writeFileSync(join(bin, name), '#!/bin/sh\n');
    chmodSync(join(bin, name), 0o755);
  }
  return { PATH: bin, CHROMIUM_PATH: join(bin, 'chromium') };
}

const run = (args: string[], env: NodeJS.ProcessEnv) =>
  promisify(execFile)(process.execPath, [PREFLIGHT, ...args], { env, timeout: 10_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout: string; stderr: string; killed?: boolean }) => ({ code: error.killed ? 'timeout' : error.code, stdout: error.stdout, stderr: error.stderr }),
  );

describe('the preflight', () => {
  it('finds Chromium, xmllint and trang missing where they are not, and present where they are', () => {
    expect(missingTools(bare).map((tool) => tool.name)).toEqual(['Chromium', 'xmllint', 'trang']);
    expect(missingTools(equipped())).toEqual([]);
  });

  it('looks for Chromium at /usr/bin/chromium unless CHROMIUM_PATH names another', () => {
    const chromium = SYSTEM_TOOLS.find((tool) => tool.name === 'Chromium')!;
    expect(chromium.place({})).toEqual({ file: '/usr/bin/chromium' });
    expect(chromium.place({ CHROMIUM_PATH: '/opt/chromium/chrome' })).toEqual({ file: '/opt/chromium/chrome' });
  });

  it('names every tool missing, where it looked, and the one command that installs them', () => {
    const report = missingReport(missingTools(bare), bare);
    expect(report).toContain(`Chromium, for the browser tests and Lighthouse: no executable at ${bare.CHROMIUM_PATH}`);
    expect(report).toContain('xmllint, for the sitemap\'s XSD validation and the Atom feeds\' RELAX NG validation: no xmllint on PATH');
    expect(report).toContain('trang, for turning RFC 4287\'s compact Atom schema into the one xmllint reads: no trang on PATH');
    expect(report).toMatch(/Install them with: sudo apt-get install chromium libxml2-utils trang$/);
    expect(installCommand(SYSTEM_TOOLS.slice(1))).toBe('sudo apt-get install libxml2-utils trang');
  });

  it('stops npm test within seconds on a machine without them, naming the install command', async () => {
    // run's time limit is the bound: a preflight still running after it fails as 'timeout'.
    const result = await run([], bare);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('sudo apt-get install chromium libxml2-utils trang');
    expect(await run([], equipped())).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('tells .ci/run which packages to install', async () => {
    expect(await run(['--packages'], bare)).toEqual({ code: 0, stdout: 'chromium libxml2-utils trang\n', stderr: '' });
    expect(await run(['--packages'], equipped())).toEqual({ code: 0, stdout: '\n', stderr: '' });
  });

  it('runs first in npm test, before any layer', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.test).toMatch(/^node scripts\/preflight\.ts && vitest run /);
  });
});
