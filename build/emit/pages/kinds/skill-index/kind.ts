/** `/skills/` and its twin; its JSON twin is `/catalog.json`, which lists the same skills. */
import { singlePageListing } from '../../kind.ts';
import { newestOf } from '../../newest.ts';
import { skillIndexRef } from './ref.ts';
import { skillIndexHtml } from './page.ts';
import { skillIndexTwin } from './twin.ts';

export const skillIndexKind = singlePageListing('skill-index', skillIndexRef, skillIndexHtml, skillIndexTwin, (model) => newestOf(model, model.skills));
