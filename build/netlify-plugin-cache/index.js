// Keeps the build cache between deploys: restored before `npm run build`, saved after it, so a
// deploy renders only the pages whose content, frame or code changed (build/cache.ts). A cache
// from other code is worthless but harmless: the build sees the other fingerprint and starts over.
// The build's lock files sit beside the folder (build/lock.ts), so a saved cache never carries one.
import location from '../cache-location.json' with { type: 'json' };

export const onPreBuild = async ({ utils }) => {
  const restored = await utils.cache.restore(location.dir);
  console.log(restored ? `Build cache restored (${location.dir}).` : 'No build cache yet: every page is rendered.');
};

export const onPostBuild = async ({ utils }) => {
  await utils.cache.save(location.dir);
};
