/** `/bundles/` and its twin; its JSON twin is `/catalog.json`, which lists the same bundles. */
import { singlePageListing } from '../../kind.ts';
import { newestOf } from '../../newest.ts';
import { bundleIndexRef } from './ref.ts';
import { bundleIndexHtml } from './page.ts';
import { bundleIndexTwin } from './twin.ts';

export const bundleIndexKind = singlePageListing('bundle-index', bundleIndexRef, bundleIndexHtml, bundleIndexTwin, (model) => newestOf(model, model.bundles));
