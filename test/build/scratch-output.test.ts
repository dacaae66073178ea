/**
 * A build into another folder than the published one (`--out`) keeps its functions' constants beside
 * that folder: the constants the deployed functions are bundled with describe dist/ only.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../build/index.ts';
import { layoutFits } from '../../core/catalog-layout.ts';
import { constantsFileFor, FUNCTION_CONSTANTS_FILE, PUBLISH_DIR } from '../../build/function-constants.ts';
import type { FunctionConstants } from '../../build/function-constants.ts';
import { runBuild } from '../helpers/build-process.ts';

const root = mkdtempSync(join(tmpdir(), 'scratch-output-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const readConstants = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as FunctionConstants;

describe('where a build writes the functions\' constants', () => {
  it('is the project\'s file for the folder netlify.toml publishes, and beside any other folder', () => {
    const netlify = parseToml(readFileSync(join(PROJECT_ROOT, 'netlify.toml'), 'utf8')) as { build: { publish: string } };
    expect(netlify.build.publish).toBe(PUBLISH_DIR);
    expect(constantsFileFor(PROJECT_ROOT, join(PROJECT_ROOT, PUBLISH_DIR))).toBe(join(PROJECT_ROOT, FUNCTION_CONSTANTS_FILE));
    expect(constantsFileFor(PROJECT_ROOT, join(PROJECT_ROOT, `${PUBLISH_DIR}/`))).toBe(join(PROJECT_ROOT, FUNCTION_CONSTANTS_FILE));
    expect(constantsFileFor(PROJECT_ROOT, '/tmp/x')).toBe('/tmp/x.function-constants.json');
  });

  it('leaves the deployed constants alone on `npm run build -- --out <scratch>`', async () => {
    const out = join(root, 'scratch');
    const deployed = join(PROJECT_ROOT, FUNCTION_CONSTANTS_FILE);
    await runBuild(['--content', join(import.meta.dirname, '../fixtures/content-small'), '--out', out, '--no-cache', '--quiet']);
    const scratch = readConstants(`${out}.function-constants.json`);
    // The scratch build's constants describe its own catalogue...
    expect(layoutFits(readFileSync(join(out, 'catalog.json')), scratch.catalogLayout)).toBe(true);
    // ...and the deployed ones do not (the small fixture is not the sample content dist/ is built from).
    if (existsSync(deployed)) expect(readConstants(deployed).catalogLayout.etag).not.toBe(scratch.catalogLayout.etag);
    expect(existsSync(join(out, 'function-constants.json'))).toBe(false);
  });
});
