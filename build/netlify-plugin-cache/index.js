// Keeps the build cache between deploys: restored before `npm run build`, saved after it, so a
// deploy makes only the files whose inputs or code changed (build/store.ts). A cache from other
// code is worthless but harmless: no key made under other code is the key of a task of this one.
// The build's lock files sit beside the folder (build/lock.ts), so a saved cache never carries one.
//
// Both ways the folder is moved, not copied: @netlify/cache-utils copies a folder file by file
// (`fs.cp`, recursive) unless asked to `move`, which is one rename between the cache and the
// project (node_modules/@netlify/cache-utils/lib/fs.js, moveCacheFile; README of
// github.com/netlify/build packages/cache-utils, option `move`). Restoring thousands of rendered
// files is then one rename, and after onPostBuild the build no longer needs its local copy.
//
// The published folder is kept too, whole, once it is deployed: onEnd runs after the deploy
// (@netlify/build lib/plugins/events.js, runsAfterDeploy: onSuccess and onEnd; the deploy is a
// core step of onPostBuild, lib/plugins_core/deploy/index.js, and waits for Netlify's processing
// when a plugin has a post-deploy handler, lib/plugins_core/deploy/buildbot_client.js), and after
// every plugin's onSuccess, so moving it away then takes nothing from the deploy or from another
// plugin. Before the next build it goes back inside the build cache as `last-dist/`, and the build
// starts from it instead of placing every file again (build/output.ts). A restore moves it out of
// Netlify's cache, so a kept folder is used at most once: a build that fails (onEnd is given its
// error) keeps none, and the next build cannot take an older folder for the newer cache's. A local
// `netlify build` keeps its dist/ where it is.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import location from '../cache-location.json' with { type: 'json' };

/** What every call passes to utils.cache: a rename instead of a copy of every file. Not exported:
 * Netlify takes every export of a plugin for an event handler and refuses any other name. */
const CACHE_OPTIONS = { move: true };

export const onPreBuild = async ({ utils, constants }) => {
  const restored = await utils.cache.restore(location.dir, CACHE_OPTIONS);
  console.log(restored ? `Build cache restored (${location.dir}).` : 'No build cache yet: every page is rendered.');
  if (!(await utils.cache.restore(constants.PUBLISH_DIR, CACHE_OPTIONS))) return;
  const lastDist = join(location.dir, location.lastDist);
  // The build trusts the folder only with the record of the cache it came with.
  if (restored && !existsSync(lastDist)) {
    renameSync(constants.PUBLISH_DIR, lastDist);
    console.log(`Last published folder restored into ${lastDist}.`);
  } else {
    rmSync(constants.PUBLISH_DIR, { recursive: true, force: true });
  }
};

export const onPostBuild = async ({ utils }) => {
  await utils.cache.save(location.dir, CACHE_OPTIONS);
};

export const onEnd = async ({ utils, constants, error }) => {
  if (error || constants.IS_LOCAL) return;
  await utils.cache.save(constants.PUBLISH_DIR, CACHE_OPTIONS);
};
