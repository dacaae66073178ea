/** `bundles/<slug>.json`: the JSON twin of each published bundle. */
import type { Emitter } from './types.ts';
import { jsonBytes } from '../../core/json.ts';

export const emitBundleJson: Emitter = (model) =>
  model.bundles.map(({ bundle }) => ({ path: `bundles/${bundle.slug}.json`, bytes: jsonBytes(bundle) }));
