/**
 * Netlify's `URL` (build/stamp.ts): the address every page and JSON file names in place of
 * site.yaml's base_url. Checked before anything is made: anything but an http(s) origin stops the
 * build naming the variable, and dist/ stays as it was.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../build/index.ts';
import { BuildEnvironmentError } from '../../build/build-errors.ts';

const SMALL = fileURLToPath(new URL('../fixtures/content-small/', import.meta.url));
const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' };

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'deploy-url-'));
  await build({ contentDir: SMALL, outDir: join(work, 'dist'), constantsFile: null, env: ENV });
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("the deploy's URL", () => {
  // On Netlify `URL` is the site's main address, an https origin such as https://petsof.netlify.app
  // (https://docs.netlify.com/configure-builds/environment-variables/, "Read-only variables"); it
  // replaces base_url, and content checks never see it. Anything else must not reach a client: the
  // build stops before it makes a file, naming the variable.
  it.each(['javascript:alert(1)//', 'https://user@shop.example', 'https://shop.example/path', 'ftp://shop.example', 'shop.example'])(
    'fails the whole build when the deploy URL is %s, no http(s) origin, and leaves dist/ as it was',
    async (url) => {
      const outDir = join(work, 'dist');
      const before = await readFile(join(outDir, 'catalog.json'), 'utf8');
      const failed = await build({ contentDir: SMALL, outDir, constantsFile: null, env: { ...ENV, URL: url } }).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(failed).toBeInstanceOf(BuildEnvironmentError);
      expect((failed as Error).message).toBe(`URL: expected the site's address, an http:// or https:// origin such as https://example.netlify.app, got ${JSON.stringify(url)}`);
      expect(await readFile(join(outDir, 'catalog.json'), 'utf8')).toBe(before);
      expect(await readdir(work)).toEqual(['dist']);
    },
  );

  it('publishes under the deploy URL when it is an origin', async () => {
    const outDir = join(work, 'deployed');
    await build({ contentDir: SMALL, outDir, constantsFile: null, env: { ...ENV, URL: 'https://shop.example/' } });
    expect(JSON.parse(await readFile(join(outDir, 'skills/alpha.json'), 'utf8')).url).toBe('https://shop.example/skills/alpha');
    await rm(outDir, { recursive: true });
  });
});
