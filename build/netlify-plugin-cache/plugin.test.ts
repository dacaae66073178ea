/**
 * The cache plugin with Netlify's own cache utility (@netlify/cache-utils, what `utils.cache` is in
 * a Netlify build): restoring and saving the build cache move its folder whole, so thousands of
 * rendered files cost one rename, never a copy each, and so does keeping the published folder
 * from one deploy to the next. Proven by inode: a moved file is the same file.
 */
import { mkdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bindOpts } from '@netlify/cache-utils';
import location from '../cache-location.json' with { type: 'json' };
import { temporaryFolders } from '../../test/helpers/temporary-folders.ts';
// @ts-expect-error The plugin is JavaScript, as Netlify loads it.
import { onEnd, onPostBuild, onPreBuild } from './index.js';

const temporary = temporaryFolders('cache-plugin-');

/** A site folder and a Netlify cache folder, with the utility bound to them as Netlify binds it. */
function netlify() {
  const root = temporary();
  const site = join(root, 'site');
  mkdirSync(site);
  const utils = { cache: bindOpts({ cacheDir: join(root, 'netlify-cache'), cwd: site }) };
  return { site, utils, local: join(site, location.dir) };
}

const inodeOf = (path: string) => statSync(path).ino;

/** Runs `steps` as @netlify/build runs a plugin: in the build directory (lib/plugins/spawn.js,
 * `cwd: buildDir`), its log kept quiet. */
async function inBuildDirectory(site: string, steps: () => Promise<void>): Promise<void> {
  const [cwd, log] = [process.cwd(), console.log];
  process.chdir(site);
  console.log = () => {};
  try {
    await steps();
  } finally {
    process.chdir(cwd);
    console.log = log;
  }
}

const ON_NETLIFY = { PUBLISH_DIR: 'dist', IS_LOCAL: false };

describe('the build cache plugin', () => {
  it('saves the cache by moving its folder, and restores it the same way', async () => {
    const { site, utils, local } = netlify();
    const object = join(local, 'bodies/ab/cdef.json');
    mkdirSync(join(object, '..'), { recursive: true });
    writeFileSync(object, '{"html":"<p>page</p>"}');
    writeFileSync(join(local, 'index.json'), '{}');
    const inode = inodeOf(object);
    await inBuildDirectory(site, async () => {
      await onPostBuild({ utils, constants: ON_NETLIFY });
      // Moved away: nothing left behind to copy, and the same file in Netlify's cache.
      expect(existsSync(local)).toBe(false);
      expect(await utils.cache.has(location.dir, {})).toBe(true);

      await onPreBuild({ utils, constants: ON_NETLIFY });
    });
    expect(inodeOf(object)).toBe(inode);
    expect(statSync(join(local, 'index.json')).isFile()).toBe(true);
  });
});

describe('the published folder', () => {
  function deployed() {
    const site = netlify();
    const page = join(site.site, 'dist/skills/a.html');
    mkdirSync(join(page, '..'), { recursive: true });
    writeFileSync(page, '<p>a</p>');
    mkdirSync(site.local, { recursive: true });
    writeFileSync(join(site.local, 'index.json'), '{}');
    return { ...site, page, inode: inodeOf(page) };
  }

  it('is kept once deployed, and comes back inside the build cache before the next build, moved', async () => {
    const { site, utils, local, inode } = deployed();
    const lastDist = join(local, location.lastDist);
    await inBuildDirectory(site, async () => {
      await onPostBuild({ utils, constants: ON_NETLIFY });
      await onEnd({ utils, constants: ON_NETLIFY });
      expect(existsSync(join(site, 'dist'))).toBe(false);
      await onPreBuild({ utils, constants: ON_NETLIFY });
    });
    expect(inodeOf(join(lastDist, 'skills/a.html'))).toBe(inode);
    expect(existsSync(join(site, 'dist'))).toBe(false);
    // Taken out of Netlify's cache: a later build cannot pair it with a newer cache.
    expect(await utils.cache.has('dist', {})).toBe(false);
  });

  it('stays where it is after a local `netlify build`, and after a build that failed', async () => {
    const { site, utils, page } = deployed();
    await inBuildDirectory(site, async () => {
      await onEnd({ utils, constants: { ...ON_NETLIFY, IS_LOCAL: true } });
      await onEnd({ utils, constants: ON_NETLIFY, error: new Error('the deploy failed') });
    });
    expect(existsSync(page)).toBe(true);
    expect(await utils.cache.has('dist', {})).toBe(false);
  });

  it('is dropped when it comes back without the build cache it belongs with', async () => {
    const { site, utils, local } = deployed();
    rmSync(local, { recursive: true });
    await inBuildDirectory(site, async () => {
      await onEnd({ utils, constants: ON_NETLIFY });
      await onPreBuild({ utils, constants: ON_NETLIFY });
    });
    expect(existsSync(join(site, 'dist'))).toBe(false);
    expect(existsSync(join(local, location.lastDist))).toBe(false);
  });
});

describe('the plugin module', () => {
  it('exports event handlers only: Netlify refuses a plugin with any other export ("Invalid event")', async () => {
    // @netlify/build checks every export against these (lib/plugins/child/validate.js).
    const { EVENTS, DEV_EVENTS } = await import('@netlify/config');
    const events: readonly string[] = [...EVENTS, ...DEV_EVENTS];
    // @ts-expect-error The plugin is JavaScript, as Netlify loads it.
    const exported = Object.keys(await import('./index.js'));
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.filter((name) => !events.includes(name))).toEqual([]);
  });
});
