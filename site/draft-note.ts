/**
 * What a draft's page and Markdown twin say about it, in one place: a preview builds each draft at
 * its own address (build/deploy-context.ts), and whoever opens it must see at once that it is not
 * published, and where it is not listed.
 */
export const DRAFT_LABEL = 'Draft';

export const DRAFT_NOTE =
  'not published. This page is built for this preview only: the catalogue, its listings, the bundles, search, ' +
  'the sitemap and llms.txt leave it out, and production does not build it until draft: true is removed.';
