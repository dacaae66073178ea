/**
 * test/client/catalogue-api.ts is what a client developer's first command makes of dist/openapi.json
 * (content/docs/api.md, "Typed clients"): the types are committed so that `tsc --noEmit -p .` checks the
 * typed client's calls (test/e2e/typed-client.test.ts), and this test fails when the document has
 * changed and they were not generated again. It runs the same CLI with the pinned Node.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { distPath } from '../helpers/dist.ts';

const CLIENT_TYPES = fileURLToPath(new URL('../client/catalogue-api.ts', import.meta.url));

function cliEntry(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('openapi-typescript/package.json');
  const { bin } = require(manifest) as { bin: Record<string, string> };
  return join(dirname(manifest), bin['openapi-typescript']);
}

describe('the generated client types', () => {
  it('are what openapi-typescript makes of dist/openapi.json (npx openapi-typescript dist/openapi.json -o test/client/catalogue-api.ts)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'client-types-'));
    try {
      const out = join(dir, 'catalogue-api.ts');
      await promisify(execFile)(process.execPath, [cliEntry(), distPath('openapi.json'), '-o', out], { timeout: 60_000 });
      expect(await readFile(CLIENT_TYPES, 'utf8')).toBe(await readFile(out, 'utf8'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
