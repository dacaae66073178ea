/**
 * The site for people, crawlers and agents: every page the sitemap lists with its Markdown twin and
 * `Accept: text/markdown` negotiation, the 404 pages, robots.txt, and llms.txt with its links.
 */
import { MARKDOWN_CONTENT_TYPE } from '../../core/headers.ts';
import { negotiatedPageHeaders, TEXT_CONTENT_TYPE } from '../../core/page-headers.ts';
import { markdownTwinPath } from '../../core/negotiate.ts';
import { TWIN_FRONT_MATTER_KEYS } from '../../core/twin-front-matter.ts';
import { SITEMAP_NAMESPACE } from '../../site/sitemap.ts';
import type { Context } from './context.ts';
import { CHECK } from './names.ts';
import type { Problems } from './expect.ts';
import { BROWSER_ACCEPT } from './client.ts';
import type { Reply } from './client.ts';
import { headerIs, headerLists, mediaTypeIs, pageSecurityHeaders, statusIs } from './expect.ts';
import { checkLifetime } from './api-checks.ts';
import { alternates, frontMatterOf, isSitemapIndex, llmsShape, markdownLinks, mediaTypeOf, onTarget, sitemapLocations } from './site.ts';

const BROWSER = { accept: BROWSER_ACCEPT };
const VARY = Object.values(negotiatedPageHeaders());
/** The keys of a twin's front matter, exactly (specification, "Markdown twins", and the token estimate). */
export const FRONT_MATTER_KEYS: string[] = [...TWIN_FRONT_MATTER_KEYS];

export interface PageFacts {
  /** The twin's `type`: catalog, skill, bundle, cluster or guide. */
  type?: string;
  /** Root-relative path of the JSON twin the page links to. */
  jsonPath?: string;
}

/** A page from the sitemap (`canonical`, on the site's base) as the deploy under test serves it. */
export async function checkPage(ctx: Context, canonical: string): Promise<PageFacts> {
  const url = onTarget(canonical, ctx.stamp.baseUrl, ctx.target)!;
  const path = url.slice(ctx.target.length) || '/';
  const twinPath = markdownTwinPath(new URL(url).pathname);
  const facts: PageFacts = {};

  await ctx.run(CHECK.page, url, async () => {
    const reply = await ctx.client.request(url, { headers: BROWSER });
    const problems = [...statusIs(reply, 200), ...mediaTypeIs(reply, 'text/html'), ...pageSecurityHeaders(reply), ...headerLists(reply, 'vary', VARY)];
    const links = alternates(reply.text, url);
    const markdown = links.get('text/markdown');
    const json = links.get('application/json');
    if (twinPath !== null && markdown !== ctx.url(twinPath)) problems.push(`<link rel="alternate" type="text/markdown">: expected ${ctx.url(twinPath)}, got ${markdown ?? 'none'}`);
    if (json === undefined) problems.push('<link rel="alternate" type="application/json">: expected the JSON twin, got none');
    else if (json.startsWith(`${ctx.target}/`)) facts.jsonPath = json.slice(ctx.target.length);
    return { problems, detail: '200 HTML, security headers, vary: Accept, twins linked' };
  });
  await checkLifetime(ctx, 'static', url, BROWSER);
  if (twinPath === null) {
    ctx.fail(CHECK.markdownTwin, url, `${path} is not a page path with a Markdown twin (core/negotiate.ts)`);
    return facts;
  }
  const twinUrl = ctx.url(twinPath);

  await ctx.run(CHECK.markdownTwin, twinUrl, async () => {
    const reply = await ctx.client.request(twinUrl);
    const problems = [...statusIs(reply, 200), ...headerIs(reply, 'content-type', MARKDOWN_CONTENT_TYPE), ...headerLists(reply, 'vary', VARY), ...readableAnywhere(reply)];
    const matter = frontMatterOf(reply.text);
    if (matter === undefined) return { problems: [...problems, 'body: expected YAML front matter between --- lines, got none'], detail: '' };
    problems.push(...frontMatterProblems(matter.keys, matter.values, canonical, ctx.stamp.baseUrl));
    facts.type = typeof matter.values.type === 'string' ? matter.values.type : undefined;
    return { problems, detail: `200 Markdown, front matter ${FRONT_MATTER_KEYS.join(', ')}` };
  });
  await checkLifetime(ctx, 'static', twinUrl);

  await ctx.run(CHECK.negotiation, url, async () => {
    const [twin, negotiated] = await Promise.all([ctx.client.request(twinUrl), ctx.client.request(url, { headers: { accept: 'text/markdown' } })]);
    const problems = [...statusIs(negotiated, 200), ...headerIs(negotiated, 'content-type', MARKDOWN_CONTENT_TYPE), ...headerLists(negotiated, 'vary', VARY)];
    if (!negotiated.body.equals(twin.body)) problems.push(`body: expected the bytes of ${twinPath}, got ${mediaTypeOf(negotiated.headers['content-type']) || 'a body'} of ${negotiated.body.length} bytes`);
    return { problems, detail: `Accept: text/markdown answers ${twinPath}` };
  });

  await ctx.run(CHECK.htmlKept, url, async () => {
    const reply = await ctx.client.request(url, { headers: { accept: 'text/html, text/markdown;q=0.5' } });
    return { problems: [...statusIs(reply, 200), ...mediaTypeIs(reply, 'text/html'), ...headerLists(reply, 'vary', VARY)], detail: 'text/html preferred: the HTML page' };
  });
  return facts;
}

/** Markdown is for agents anywhere, like the JSON: CORS open to any origin (DESIGN.md, CORS). */
const readableAnywhere = (reply: Reply): Problems => headerIs(reply, 'access-control-allow-origin', '*');

function frontMatterProblems(keys: string[], values: Record<string, unknown>, canonical: string, siteBase: string): Problems {
  const problems: Problems = [];
  const sorted = (list: string[]) => [...list].sort().join(', ');
  if (sorted(keys) !== sorted(FRONT_MATTER_KEYS)) problems.push(`front matter: expected exactly the keys ${FRONT_MATTER_KEYS.join(', ')}, got ${keys.join(', ')}`);
  if (values.url !== canonical) problems.push(`front matter url: expected ${canonical}, got ${JSON.stringify(values.url)}`);
  if (values.site !== siteBase) problems.push(`front matter site: expected ${siteBase} (x-base-url), got ${JSON.stringify(values.site)}`);
  return problems;
}

/** sitemap.xml: a sitemaps.org urlset of the site's own pages, the overview first among them; past
 * one file's limits, an index of such urlsets on the site (site/sitemap.ts), each read in turn. */
export async function checkSitemap(ctx: Context): Promise<string[]> {
  const url = ctx.url('/sitemap.xml');
  let pages: string[] = [];
  await ctx.run(CHECK.sitemap, url, async () => {
    const reply = await ctx.client.request(url);
    const problems = [...statusIs(reply, 200), ...xmlMediaType(reply.headers['content-type'])];
    if (!reply.text.includes(`xmlns="${SITEMAP_NAMESPACE}"`)) problems.push(`body: expected a urlset or a sitemap index in the namespace ${SITEMAP_NAMESPACE}`);
    const listed = sitemapLocations(reply.text);
    const parts = isSitemapIndex(reply.text) ? listed : [];
    const locations = parts.length === 0 ? listed : [];
    for (const part of parts) {
      const partUrl = onTarget(part, ctx.stamp.baseUrl, ctx.target);
      if (partUrl === undefined) {
        problems.push(`<loc>: expected sitemaps under ${ctx.stamp.baseUrl}/ (x-base-url), got ${part}`);
        continue;
      }
      const partReply = await ctx.client.request(partUrl);
      problems.push(...[...statusIs(partReply, 200), ...xmlMediaType(partReply.headers['content-type'])].map((problem) => `${part}: ${problem}`));
      if (isSitemapIndex(partReply.text)) problems.push(`${part}: expected a urlset, got a sitemap index`);
      locations.push(...sitemapLocations(partReply.text));
    }
    const elsewhere = locations.filter((loc) => !loc.startsWith(`${ctx.stamp.baseUrl}/`));
    if (elsewhere.length > 0) problems.push(`<loc>: expected addresses under ${ctx.stamp.baseUrl}/ (x-base-url), got ${elsewhere.slice(0, 3).join(', ')}`);
    if (!locations.includes(`${ctx.stamp.baseUrl}/`)) problems.push(`<loc>: expected the overview ${ctx.stamp.baseUrl}/ among the pages`);
    pages = locations.filter((loc) => !elsewhere.includes(loc));
    return { problems, detail: `${locations.length} pages listed${parts.length > 0 ? ` in ${parts.length} sitemaps` : ''}` };
  });
  await checkLifetime(ctx, 'static', url);
  return pages;
}

const xmlMediaType = (contentType: string | undefined): Problems =>
  ['application/xml', 'text/xml'].includes(mediaTypeOf(contentType)) ? [] : [`header content-type: expected application/xml, got ${contentType ?? 'none'}`];

export async function checkRobots(ctx: Context): Promise<void> {
  const url = ctx.url('/robots.txt');
  const line = `Sitemap: ${ctx.stamp.baseUrl}/sitemap.xml`;
  await ctx.run(CHECK.robots, url, async () => {
    const reply = await ctx.client.request(url);
    const problems = [...statusIs(reply, 200), ...mediaTypeIs(reply, TEXT_CONTENT_TYPE)];
    if (!reply.text.split(/\r?\n/).includes(line)) problems.push(`body: expected the line "${line}"`);
    return { problems, detail: line };
  });
}

/** llms.txt: the proposal's structure; its on-site links, to be followed. */
export async function checkLlms(ctx: Context, path: string): Promise<string[]> {
  const url = ctx.url(path);
  let links: string[] = [];
  await ctx.run(CHECK.llms, url, async () => {
    const reply = await ctx.client.request(url);
    const problems = [...statusIs(reply, 200), ...headerIs(reply, 'content-type', TEXT_CONTENT_TYPE)];
    const shape = llmsShape(reply.text);
    if (shape.title === undefined) problems.push('body: expected an H1 (# site name) first');
    if (!shape.hasSummary) problems.push('body: expected a blockquote summary (> …)');
    if (shape.sections.length === 0) problems.push('body: expected H2 sections of links');
    const all = markdownLinks(reply.text);
    links = all.filter((link) => onTarget(link, ctx.stamp.baseUrl, ctx.target) !== undefined);
    if (links.length === 0) problems.push(`body: expected links to pages under ${ctx.stamp.baseUrl}`);
    const elsewhere = all.length - links.length;
    return { problems, detail: `${shape.sections.length} sections, ${links.length} links to the site${elsewhere ? `, ${elsewhere} elsewhere (not followed)` : ''}` };
  });
  await checkLifetime(ctx, 'static', url);
  return links;
}

/** A link of llms.txt resolves on the deploy under test. */
export async function checkLlmsLink(ctx: Context, link: string): Promise<void> {
  const url = onTarget(link, ctx.stamp.baseUrl, ctx.target)!;
  await ctx.run(CHECK.llmsLink, url, async () => {
    const reply = await ctx.client.request(url);
    const problems = statusIs(reply, 200);
    if (reply.body.length === 0) problems.push('body: expected content, got none');
    return { problems, detail: '200' };
  });
}

/** A page path with nothing published: the HTML 404 page, with every page header. */
export async function checkHtmlNotFound(ctx: Context, path: string): Promise<void> {
  const url = ctx.url(path);
  await ctx.run(CHECK.htmlNotFound, url, async () => {
    const reply = await ctx.client.request(url, { headers: BROWSER });
    const problems = [...statusIs(reply, 404), ...mediaTypeIs(reply, 'text/html'), ...pageSecurityHeaders(reply)];
    return { problems, detail: '404 HTML page, security headers' };
  });
}

/** A twin path with nothing published: a Markdown 404 an agent can read. */
export async function checkMarkdownNotFound(ctx: Context, path: string): Promise<void> {
  const url = ctx.url(path);
  await ctx.run(CHECK.markdownNotFound, url, async () => {
    const reply = await ctx.client.request(url);
    const problems = [...statusIs(reply, 404), ...headerIs(reply, 'content-type', MARKDOWN_CONTENT_TYPE), ...readableAnywhere(reply)];
    return { problems, detail: '404 Markdown' };
  });
}
