/**
 * What reaches people and clients who did not come to look: the feeds, the API catalog, and the
 * card a shared link to the overview shows. Each is checked as a reader of it gets it: the feed
 * reader, the client that knows only the domain, the chat that unfurls a link.
 */
import { API_CATALOG_CONTENT_TYPE, FEED_CONTENT_TYPES } from '../../core/page-headers.ts';
import { API_CATALOG_FILE, FEED_FORMATS, feedFile, publishedPath } from '../../core/published-files.ts';
import type { FeedFormat } from '../../core/published-files.ts';
import { CARD_CONTENT_TYPE, CARD_HEIGHT, CARD_WIDTH } from '../../core/card.ts';
import type { Context } from './context.ts';
import { CHECK } from './names.ts';
import { BROWSER_ACCEPT } from './client.ts';
import type { Problems } from './expect.ts';
import { headerIs, parseJson, statusIs } from './expect.ts';
import { checkLifetime } from './api-checks.ts';
import { metaContent, onTarget, pngSize } from './site.ts';

const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';
const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';

/** The catalogue's feeds, Atom and JSON Feed: their media types, open to any origin, and a body a reader takes. */
export async function checkFeeds(ctx: Context): Promise<void> {
  await Promise.all((Object.keys(FEED_FORMATS) as FeedFormat[]).map(async (format) => {
    const url = ctx.url(publishedPath(feedFile(format)));
    await ctx.run(CHECK.feed, url, async () => {
      const reply = await ctx.client.request(url);
      const problems = [...statusIs(reply, 200), ...headerIs(reply, 'access-control-allow-origin', '*')];
      if (format === 'atom') {
        if (!reply.text.includes(`<feed xmlns="${ATOM_NAMESPACE}">`)) problems.push(`body: expected an Atom feed (<feed xmlns="${ATOM_NAMESPACE}">)`);
        const entries = (reply.text.match(/<entry>/g) ?? []).length;
        return { problems, detail: `Atom, ${entries} entries` };
      }
      const { value, problems: parsing } = parseJson(reply);
      problems.push(...parsing);
      const feed = value as { version?: unknown; items?: unknown } | undefined;
      if (feed && feed.version !== JSON_FEED_VERSION) problems.push(`body.version: expected ${JSON_FEED_VERSION}, got ${JSON.stringify(feed.version)}`);
      if (feed && !Array.isArray(feed.items)) problems.push('body.items: expected an array');
      return { problems, detail: `JSON Feed 1.1, ${Array.isArray(feed?.items) ? feed.items.length : 0} items` };
    });
    await checkMediaType(ctx, url, FEED_CONTENT_TYPES[format]);
    await checkLifetime(ctx, 'static', url);
  }));
}

/** A static file whose media type `_headers` sets, where the file's name alone would give another. */
function checkMediaType(ctx: Context, url: string, expected: string): Promise<boolean> {
  return ctx.run(CHECK.staticMediaType, url, async () => ({ problems: headerIs(await ctx.client.request(url), 'content-type', expected), detail: expected }));
}

/** The API catalog (RFC 9727): a linkset naming the API at the site's root, and the link that names it, on a HEAD too. */
export async function checkApiCatalog(ctx: Context): Promise<void> {
  const url = ctx.url(publishedPath(API_CATALOG_FILE));
  const link = `<${publishedPath(API_CATALOG_FILE)}>; rel="api-catalog"`;
  const linkNamed = (value: string | undefined): Problems => (value?.includes(link) ? [] : [`header link: expected ${link}, got ${value ?? 'none'}`]);
  await ctx.run(CHECK.apiCatalog, url, async () => {
    const [reply, head] = await Promise.all([ctx.client.request(url), ctx.client.request(url, { method: 'HEAD' })]);
    const problems = [...statusIs(reply, 200), ...linkNamed(reply.headers.link)];
    problems.push(...statusIs(head, 200).map((problem) => `HEAD ${problem}`), ...linkNamed(head.headers.link).map((problem) => `HEAD ${problem}`));
    const { value, problems: parsing } = parseJson(reply);
    problems.push(...parsing);
    const linkset = (value as { linkset?: { anchor?: string; 'service-desc'?: unknown[] }[] } | undefined)?.linkset;
    const root = Array.isArray(linkset) ? linkset.find((context) => context.anchor === `${ctx.stamp.baseUrl}/`) : undefined;
    if (value !== undefined && !root?.['service-desc']?.length) problems.push(`body.linkset: expected the API at ${ctx.stamp.baseUrl}/ with its service-desc`);
    return { problems, detail: `linkset of ${Array.isArray(linkset) ? linkset.length : 0}, Link rel="api-catalog" on GET and HEAD` };
  });
  await checkMediaType(ctx, url, API_CATALOG_CONTENT_TYPE);
}

/** The overview's card: the `og:image` its head names, a PNG of the size the head states. */
export async function checkCard(ctx: Context): Promise<void> {
  const page = ctx.url('/');
  const named = metaContent((await ctx.client.request(page, { headers: { accept: BROWSER_ACCEPT } })).text, 'og:image');
  const url = named === undefined ? undefined : onTarget(named, ctx.stamp.baseUrl, ctx.target);
  if (url === undefined) {
    ctx.fail(CHECK.card, page, `<meta property="og:image">: expected a card under ${ctx.stamp.baseUrl}/, got ${named ?? 'none'}`);
    return;
  }
  await ctx.run(CHECK.card, url, async () => {
    const reply = await ctx.client.request(url);
    const problems = [...statusIs(reply, 200), ...headerIs(reply, 'content-type', CARD_CONTENT_TYPE)];
    const size = pngSize(reply.body);
    if (size === undefined) problems.push('body: expected a PNG');
    else if (size.width !== CARD_WIDTH || size.height !== CARD_HEIGHT) problems.push(`body: expected ${CARD_WIDTH}×${CARD_HEIGHT} pixels, got ${size.width}×${size.height}`);
    return { problems, detail: `${CARD_WIDTH}×${CARD_HEIGHT} PNG` };
  });
}
