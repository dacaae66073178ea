/**
 * The checks by name, as the table prints them, and the ones `--local` skips: what `netlify dev`
 * cannot do, each with the reason (docs/contributors.md, "Local serving and production"). Every other check runs
 * against the emulator exactly as against production.
 */
export const CHECK = {
  version: 'version.json',
  openapi: 'openapi.json',
  catalogue: 'catalogue',
  catalogueQuery: 'catalogue query',
  skill: 'skill JSON',
  bundle: 'bundle JSON',
  cluster: 'cluster JSON',
  doc: 'doc JSON',
  v1: '/v1 twin',
  staticLifetime: 'one-hour lifetime (static file)',
  functionLifetime: 'one-hour lifetime (function)',
  headStatic: 'HEAD (static file)',
  headFunction: 'HEAD (function)',
  notModified: '304 (gzip, tag as served)',
  notModifiedListStatic: '304 for a tag in a list (static file)',
  notModifiedListFunction: '304 for a tag in a list (function)',
  cors: 'CORS',
  preflight: 'CORS preflight',
  methodNotAllowed: '405',
  badRequest: '400',
  jsonNotFound: 'JSON 404',
  didYouMean: 'JSON 404 did-you-mean',
  htmlNotFound: 'HTML 404',
  markdownNotFound: 'Markdown 404',
  page: 'page',
  markdownTwin: 'Markdown twin',
  negotiation: 'Markdown negotiation',
  htmlKept: 'HTML kept for browsers',
  sitemap: 'sitemap.xml',
  robots: 'robots.txt',
  llms: 'llms.txt',
  llmsLink: 'llms.txt link',
  feed: 'feed',
  staticMediaType: 'media type from _headers (static file)',
  apiCatalog: 'API catalog',
  card: 'card of a shared link',
  paymentHealth: 'payment health',
  paymentStatus: 'payment status',
} as const;

export type CheckName = (typeof CHECK)[keyof typeof CHECK];

export const LOCAL_SKIPS: Readonly<Partial<Record<CheckName, string>>> = {
  [CHECK.negotiation]:
    'netlify dev runs without Edge Functions (--internal-disable-edge-functions), so Accept: text/markdown gets the HTML page',
  [CHECK.staticLifetime]:
    'netlify dev answers static files with cache-control: public, max-age=0 whatever _headers says',
  [CHECK.headStatic]:
    "netlify dev's static server answers HEAD with the validator of an empty body (W/\"0-…\"), not the one GET gets",
  [CHECK.staticMediaType]:
    "netlify dev keeps its static server's media type (by the file's extension) over the one _headers sets",
  [CHECK.notModifiedListStatic]:
    "netlify dev's static server answers 304 only for the exact tag or *, not for a tag in a list",
};
