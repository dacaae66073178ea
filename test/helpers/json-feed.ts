/**
 * JSON Feed 1.1's rules (https://www.jsonfeed.org/version/1.1/), as a list of what a feed breaks:
 * the top level's `version` (this URL exactly), `title` (required), `home_page_url` and `feed_url`
 * (absolute URLs), `authors` (each with a name, a url or an avatar); each item's `id` (required, a
 * string), `content_html` or `content_text` (one of them required), its URLs, its dates (RFC 3339),
 * its tags (strings) and authors; and extensions, whose names start with an underscore, at both
 * levels (no other key is the spec's). Empty when the feed keeps every rule.
 */
const TOP = new Set(['version', 'title', 'home_page_url', 'feed_url', 'description', 'user_comment', 'next_url', 'icon', 'favicon', 'authors', 'language', 'expired', 'hubs', 'items']);
const ITEM = new Set(['id', 'url', 'external_url', 'title', 'content_html', 'content_text', 'summary', 'image', 'banner_image', 'date_published', 'date_modified', 'authors', 'tags', 'language', 'attachments']);
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const isAbsoluteUrl = (value: unknown) => {
  if (typeof value !== 'string') return false;
  const url = URL.parse(value);
  return url !== null && /^https?:$/.test(url.protocol);
};

export function jsonFeedProblems(feed: unknown): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  if (typeof feed !== 'object' || feed === null || Array.isArray(feed)) return ['the feed is no object'];
  const top = feed as Record<string, unknown>;
  check(top.version === 'https://jsonfeed.org/version/1.1', `version: expected https://jsonfeed.org/version/1.1, got ${JSON.stringify(top.version)}`);
  check(typeof top.title === 'string' && top.title !== '', 'title: required, a string');
  for (const key of ['home_page_url', 'feed_url'] as const) if (key in top) check(isAbsoluteUrl(top[key]), `${key}: expected an absolute URL`);
  for (const key of Object.keys(top)) check(TOP.has(key) || key.startsWith('_'), `${key}: no key of JSON Feed 1.1, and no extension (an extension's name starts with _)`);
  const authors = (where: string, value: unknown) => {
    check(Array.isArray(value), `${where}authors: expected an array`);
    if (!Array.isArray(value)) return;
    value.forEach((author: Record<string, unknown>, i) => {
      check(typeof author === 'object' && author !== null && ['name', 'url', 'avatar'].some((key) => typeof author[key] === 'string'), `${where}authors[${i}]: expected a name, a url or an avatar`);
      if (author && 'url' in author) check(isAbsoluteUrl(author.url), `${where}authors[${i}].url: expected an absolute URL`);
    });
  };
  if ('authors' in top) authors('', top.authors);
  check(Array.isArray(top.items), 'items: required, an array');
  const ids = new Set<string>();
  for (const [i, raw] of (Array.isArray(top.items) ? top.items : []).entries()) {
    const where = `items[${i}].`;
    if (typeof raw !== 'object' || raw === null) {
      problems.push(`${where}: expected an object`);
      continue;
    }
    const item = raw as Record<string, unknown>;
    check(typeof item.id === 'string' && item.id !== '', `${where}id: required, a string`);
    check(!ids.has(item.id as string), `${where}id: ${JSON.stringify(item.id)} twice`);
    ids.add(item.id as string);
    check(typeof item.content_html === 'string' || typeof item.content_text === 'string', `${where}: content_html or content_text is required`);
    for (const key of ['url', 'external_url', 'image', 'banner_image'] as const) if (key in item) check(isAbsoluteUrl(item[key]), `${where}${key}: expected an absolute URL`);
    for (const key of ['date_published', 'date_modified'] as const) if (key in item) check(typeof item[key] === 'string' && RFC_3339.test(item[key] as string), `${where}${key}: expected an RFC 3339 date, got ${JSON.stringify(item[key])}`);
    for (const key of ['title', 'summary', 'content_text', 'content_html', 'language'] as const) if (key in item) check(typeof item[key] === 'string', `${where}${key}: expected a string`);
    if ('tags' in item) check(Array.isArray(item.tags) && item.tags.every((tag) => typeof tag === 'string'), `${where}tags: expected strings`);
    if ('authors' in item) authors(where, item.authors);
    for (const key of Object.keys(item)) check(ITEM.has(key) || key.startsWith('_'), `${where}${key}: no key of JSON Feed 1.1, and no extension`);
  }
  return problems;
}
