// Keeps the build cache between deploys: restored before `npm run build`, saved after it, so a
// deploy renders only the pages whose content, frame or code changed (build/cache.ts). A cache
// from other code is worthless but harmless: the build sees the other fingerprint and starts over.
// The build's lock files sit beside the folder (build/lock.ts), so a saved cache never carries one.
//
// Both ways the folder is moved, not copied: @netlify/cache-utils copies a folder file by file
// (`fs.cp`, recursive) unless asked to `move`, which is one rename between the cache and the
// project (node_modules/@netlify/cache-utils/lib/fs.js, moveCacheFile; README of
// github.com/netlify/build packages/cache-utils, option `move`). Restoring thousands of rendered
// files is then one rename, and after onPostBuild the build no longer needs its local copy.
import location from '../cache-location.json' with { type: 'json' };

/** What both calls pass to utils.cache: a rename instead of a copy of every file. Not exported:
 * Netlify takes every export of a plugin for an event handler and refuses any other name. */
const CACHE_OPTIONS = { move: true };

export const onPreBuild = async ({ utils }) => {
  const restored = await utils.cache.restore(location.dir, CACHE_OPTIONS);
  console.log(restored ? `Build cache restored (${location.dir}).` : 'No build cache yet: every page is rendered.');
};

export const onPostBuild = async ({ utils }) => {
  await utils.cache.save(location.dir, CACHE_OPTIONS);
};
