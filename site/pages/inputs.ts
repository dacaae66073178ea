/**
 * Everything one page reads besides its frame, as plain data. A page's renderer gets only this
 * and the frame, so the hash of the two is a complete cache key and the pair can be posted to a
 * render worker as it is.
 */
import type { Bundle, Skill } from '../../core/types.ts';
import type { RenderedBody } from '../render/markdown-body.ts';
import type { DocRef } from './page-ref.ts';
import type { BodySource } from '../model.ts';

/** A job's input names its body (the hash of its file is in it); the page and its twin get it
 * rendered, from one parse. */
type WithBody<T> = Omit<T, 'body'> & { body: RenderedBody };

export interface SkillPageInput {
  skill: Skill;
  body: BodySource;
  /** Published bundles that include the skill, in catalogue order. */
  bundles: Bundle[];
  /** A draft built for a preview (site/drafts.ts): marked and noindex. */
  draft?: boolean;
}

export interface BundlePageInput {
  bundle: Bundle;
  body: BodySource;
  /** Each member's own price, in the order of `bundle.skills`. */
  memberPrices: number[];
  /** A draft built for a preview (site/drafts.ts): marked and noindex. */
  draft?: boolean;
}

export interface DocPageInput extends DocRef {
  /** `{base}` in it stands for the site's base URL. */
  body: BodySource;
}

export type SkillPage = WithBody<SkillPageInput>;
export type BundlePage = WithBody<BundlePageInput>;
/** A prose page, `{base}` in its body already replaced by the base URL. */
export type DocPage = WithBody<DocPageInput>;
