/**
 * The cache plugin with Netlify's own cache utility (@netlify/cache-utils, what `utils.cache` is in
 * a Netlify build): restoring and saving the build cache move its folder whole, so thousands of
 * rendered files cost one rename, never a copy each. Proven by inode: a moved file is the same file.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bindOpts } from '@netlify/cache-utils';
import location from '../cache-location.json' with { type: 'json' };
// @ts-expect-error The plugin is JavaScript, as Netlify loads it.
import { onPostBuild, onPreBuild } from './index.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A site folder and a Netlify cache folder, with the utility bound to them as Netlify binds it. */
function netlify() {
  const root = mkdtempSync(join(tmpdir(), 'cache-plugin-'));
  dirs.push(root);
  const site = join(root, 'site');
  mkdirSync(site);
  const utils = { cache: bindOpts({ cacheDir: join(root, 'netlify-cache'), cwd: site }) };
  return { site, utils, local: join(site, location.dir) };
}

const inodeOf = (path: string) => statSync(path).ino;

describe('the build cache plugin', () => {
  it('saves the cache by moving its folder, and restores it the same way', async () => {
    const { utils, local } = netlify();
    const object = join(local, 'objects/ab/cdef');
    mkdirSync(join(object, '..'), { recursive: true });
    writeFileSync(object, '<p>page</p>');
    writeFileSync(join(local, 'index.json'), '{}');
    const inode = inodeOf(object);
    const log = console.log;
    console.log = () => {};
    try {
      await onPostBuild({ utils });
      // Moved away: nothing left behind to copy, and the same file in Netlify's cache.
      expect(existsSync(local)).toBe(false);
      expect(await utils.cache.has(location.dir, {})).toBe(true);

      await onPreBuild({ utils });
    } finally {
      console.log = log;
    }
    expect(inodeOf(object)).toBe(inode);
    expect(statSync(join(local, 'index.json')).isFile()).toBe(true);
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
