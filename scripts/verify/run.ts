/**
 * The whole check of one deploy. Everything it looks at is discovered from the deploy itself:
 * the build from version.json, skills and bundles from catalog.json, pages from sitemap.xml, links
 * from llms.txt; so it works on any deploy of any content. Lists longer than `--max` are sampled
 * evenly, first and last always in.
 */
import type { BuildStamp } from '../../core/headers.ts';
import type { Catalog, Version } from '../../core/types.ts';
import type { PageType } from '../../site/pages/page-ref.ts';

import { HEALTH_PATH } from '../../core/payment/health-query.ts';
import type { Client } from './client.ts';
import { NoAnswer } from './client.ts';
import { Context } from './context.ts';
import { CHECK } from './names.ts';
import type { Problems } from './expect.ts';
import type { VerifyOptions } from './options.ts';
import type { Result } from './report.ts';
import { sample } from './site.ts';
import {
  catalogueExpectations, catalogueQuery, checkBadRequest, checkClusterTwin, checkCors, checkHead, checkJsonNotFound, checkJsonResource,
  checkLifetime, checkMethodNotAllowed, checkNotModified, checkPaymentHealth, checkPreflight, sameAsListed, V1,
} from './api-checks.ts';
import type { JsonResource } from './api-checks.ts';
import { checkHtmlNotFound, checkLlms, checkLlmsLink, checkMarkdownNotFound, checkPage, checkRobots, checkSitemap } from './page-checks.ts';
import { checkApiCatalog, checkCard, checkFeeds } from './discovery-checks.ts';
import { LLMS_FILE } from '../../core/published-files.ts';

export interface Verification {
  results: Result[];
  /** Lists cut to `--max`, and anything else the reader of the table should know. */
  notes: string[];
}

/** Endpoints of the specification, as openapi.json must declare them. */
const ENDPOINT_TEMPLATES = ['/version.json', '/openapi.json', '/catalog.json', '/skills/{slug}.json', '/bundles/{slug}.json', HEALTH_PATH];

export async function verify(options: VerifyOptions, client: Client): Promise<Verification> {
  const notes: string[] = [];
  const versionUrl = `${options.base}/version.json`;
  const stamp = await discoverStamp(client, versionUrl);
  if (typeof stamp === 'string') {
    return { results: [{ check: CHECK.version, url: versionUrl, outcome: 'fail', detail: `${stamp}; nothing else can be checked without the build it names` }], notes };
  }
  const ctx = new Context(client, options, stamp);
  const siteBase = stamp.baseUrl;
  const limited = <T>(items: readonly T[], what: string): T[] => {
    const picked = sample(items, options.max);
    if (picked.length < items.length) notes.push(`${picked.length} of ${items.length} ${what} checked (--all checks every one)`);
    return picked;
  };

  const versionChecks = async () => {
    // The stamp was read from this body, so the header set check is what compares the headers
    // with the body ("repeats the same values as response headers").
    await checkJsonResource(ctx, { check: CHECK.version, path: '/version.json', schema: 'Version', served: 'static' });
    await checkNotModified(ctx, '/version.json', 'static');
  };

  const openApiChecks = () =>
    checkJsonResource(ctx, { check: CHECK.openapi, path: '/openapi.json', served: 'static', expect: openApiExpectations(siteBase) });

  const catalogueChecks = async () => {
    const catalog = (await checkJsonResource(ctx, {
      check: CHECK.catalogue, path: '/catalog.json', schema: 'Catalog', served: 'function', expect: catalogueExpectations(siteBase),
    })) as Catalog | undefined;
    await Promise.all([
      checkHead(ctx, '/catalog.json', 'function'),
      checkNotModified(ctx, '/catalog.json', 'function'),
      checkNotModified(ctx, `${V1}/catalog.json`, 'function'),
      checkCors(ctx, '/catalog.json'),
      ...['/catalog.json', `${V1}/catalog.json`].map((path) => checkPreflight(ctx, path)),
      ...['/catalog.json', `${V1}/catalog.json`].map((path) => checkMethodNotAllowed(ctx, path)),
      // Hints keep the client under the major it asked for.
      ...['', V1].map((prefix) => checkBadRequest(ctx, `${prefix}/catalog.json?sort=verify-no-such-order`, 'sort', [`${siteBase}${prefix}/openapi.json`, `${siteBase}${prefix}/catalog.json`])),
      checkBadRequest(ctx, '/catalog.json?verify-no-such-parameter=1', 'verify-no-such-parameter', [`${siteBase}/openapi.json`, `${siteBase}/catalog.json`]),
    ]);
    if (catalog === undefined || !Array.isArray(catalog.skills) || !Array.isArray(catalog.bundles)) {
      const why = 'catalog.json did not list the skills and bundles to check';
      for (const check of [CHECK.skill, CHECK.bundle, CHECK.didYouMean, CHECK.headStatic]) ctx.skip(check, ctx.url('/skills/'), why);
      return;
    }
    const query = catalogueQuery(catalog);
    const firstSkill = catalog.skills[0];
    await Promise.all([
      query && checkJsonResource(ctx, { check: CHECK.catalogueQuery, path: query.path, schema: 'Catalog', served: 'function', expect: query.expect }),
      query && checkNotModified(ctx, query.path, 'function'),
      ...limited(catalog.skills, 'skills').map((skill) => checkJsonResource(ctx, { check: CHECK.skill, path: pathOf(skill.json_url, siteBase), schema: 'Skill', served: 'static', expect: sameAsListed(skill) })),
      ...limited(catalog.bundles, 'bundles').map((bundle) => checkJsonResource(ctx, { check: CHECK.bundle, path: pathOf(bundle.json_url, siteBase), schema: 'Bundle', served: 'static', expect: sameAsListed(bundle) })),
      firstSkill && staticTwinChecks(pathOf(firstSkill.json_url, siteBase)),
      didYouMeanChecks(catalog),
    ]);
  };

  const staticTwinChecks = (path: string) =>
    Promise.all([
      checkHead(ctx, path, 'static'),
      checkNotModified(ctx, path, 'static'),
      checkNotModified(ctx, `${V1}${path}`, 'static'),
      checkCors(ctx, path),
      checkPreflight(ctx, path),
    ]);

  const didYouMeanChecks = (catalog: Catalog) => {
    const checks: Promise<void>[] = [];
    const nearMiss = (slugs: string[]) => slugs.find((slug) => !slugs.includes(`${slug}x`));
    const skill = nearMiss(catalog.skills.map((s) => s.slug));
    const bundle = nearMiss(catalog.bundles.map((b) => b.slug));
    // "Did you mean": one letter too many is nearest to the slug it came from.
    for (const [section, slug] of [['skills', skill], ['bundles', bundle]] as const) {
      if (slug === undefined) continue;
      checks.push(
        checkJsonNotFound(ctx, `/${section}/${slug}x.json`, [`${siteBase}/${section}/${slug}.json`, `${siteBase}/catalog.json`], CHECK.didYouMean),
        checkJsonNotFound(ctx, `${V1}/${section}/${slug}x.json`, [`${siteBase}${V1}/${section}/${slug}.json`], CHECK.didYouMean),
      );
    }
    return Promise.all(checks);
  };

  const notFoundChecks = () => {
    const checks: Promise<void>[] = [];
    for (const path of ['/verify-no-such-document.json', `${V1}/verify-no-such-document.json`, '/skills/verify/no-such-skill.json', '/api/public/verify-no-such-endpoint', '/v2/catalog.json']) {
      checks.push(checkJsonNotFound(ctx, path, []));
    }
    checks.push(checkCors(ctx, '/verify-no-such-document.json'));
    for (const path of ['/verify-no-such-page', '/skills/verify-no-such-skill']) checks.push(checkHtmlNotFound(ctx, path));
    checks.push(checkMarkdownNotFound(ctx, '/skills/verify-no-such-skill.md'));
    return Promise.all(checks);
  };

  const paymentChecks = () =>
    Promise.all([
      checkPaymentHealth(ctx),
      checkPreflight(ctx, HEALTH_PATH),
      checkMethodNotAllowed(ctx, HEALTH_PATH),
      checkMethodNotAllowed(ctx, `${V1}${HEALTH_PATH}`),
    ]);

  const pageChecks = async () => {
    const pages = await checkSitemap(ctx);
    await checkPreflight(ctx, '/');
    // Each kind of page (the folder it sits in) is sampled on its own, so a cap never leaves a kind out.
    const kinds = Map.groupBy(pages, (page) => new URL(page).pathname.split('/')[1] ?? '');
    const picked = [...kinds].flatMap(([kind, members]) => limited(members, `sitemap pages under /${kind}`));
    await Promise.all(picked.map(async (page) => {
      const facts = await checkPage(ctx, page);
      await jsonTwinOf(facts.type, facts.jsonPath);
    }));
  };

  /** Each kind of page has its JSON twin, found through the page's own alternate link. */
  const jsonTwinOf = async (type: string | undefined, path: string | undefined) => {
    if (path === undefined) return;
    const cluster = /^\/clusters\/([^/]+)\.json$/.exec(path)?.[1];
    if (type === 'cluster' && cluster) return checkClusterTwin(ctx, path, cluster);
    // Every kind of page the build makes (a new kind is a type error here until it is checked).
    const byType: Record<Exclude<PageType, 'cluster'>, Pick<JsonResource, 'check' | 'schema' | 'served'> | undefined> = {
      catalog: { check: CHECK.catalogue, schema: 'Catalog', served: 'function' },
      skill: { check: CHECK.skill, schema: 'Skill', served: 'static' },
      bundle: { check: CHECK.bundle, schema: 'Bundle', served: 'static' },
      guide: { check: CHECK.doc, schema: 'Doc', served: 'static' },
      // The index of skills and of bundles: their JSON twin is the catalogue itself.
      'skill-index': { check: CHECK.catalogue, schema: 'Catalog', served: 'function' },
      'bundle-index': { check: CHECK.catalogue, schema: 'Catalog', served: 'function' },
      'cluster-index': { check: CHECK.cluster, schema: 'ClusterList', served: 'static' },
      // Answers a query, is noindex and never in the sitemap.
      search: undefined,
      // A skill's install page: its JSON twin is the skill's.
      install: { check: CHECK.skill, schema: 'Skill', served: 'static' },
    };
    const kind = type === undefined || !Object.hasOwn(byType, type) ? undefined : byType[type as keyof typeof byType];
    if (kind === undefined) {
      ctx.fail(CHECK.markdownTwin, ctx.url(path), `front matter type: expected one of cluster, ${Object.entries(byType).filter(([, checked]) => checked).map(([name]) => name).join(', ')}, got ${type ?? 'none'}`);
      return;
    }
    await checkJsonResource(ctx, {
      ...kind,
      path,
      expect: kind.schema === 'Doc' ? (body: { json_url: string }) => (body.json_url === `${siteBase}${path}` ? [] : [`body.json_url: expected ${siteBase}${path}, got ${body.json_url}`]) : undefined,
    });
  };

  const crawlerChecks = async () => {
    await checkRobots(ctx);
    await checkLifetime(ctx, 'static', ctx.url('/robots.txt'));
    const links = await checkLlms(ctx, `/${LLMS_FILE}`);
    await Promise.all(limited(links, `${LLMS_FILE} links`).map((link) => checkLlmsLink(ctx, link)));
  };

  // What reaches people and clients who did not come to look.
  const discoveryChecks = () => Promise.all([checkFeeds(ctx), checkApiCatalog(ctx), checkCard(ctx)]);

  await Promise.all([versionChecks(), openApiChecks(), catalogueChecks(), notFoundChecks(), paymentChecks(), pageChecks(), crawlerChecks(), discoveryChecks()]);
  return { results: ordered(ctx.results), notes: notes.sort() };
}

/** The build that answers, from version.json: its body, else its headers; or why neither says. */
async function discoverStamp(client: Client, url: string): Promise<BuildStamp | string> {
  try {
    const reply = await client.request(url);
    if (reply.status !== 200) return `status: expected 200, got ${reply.status}`;
    let body: Partial<Version> = {};
    try {
      body = JSON.parse(reply.text);
    } catch {
      // The headers may still name the build; the version check then reports the body.
    }
    const buildVersion = body['x-build-version'] ?? reply.headers['x-build-version'];
    const baseUrl = body['x-base-url'] ?? reply.headers['x-base-url'];
    if (typeof buildVersion !== 'string' || typeof baseUrl !== 'string') return 'expected x-build-version and x-base-url in the body or the headers, got neither';
    return { buildVersion, baseUrl };
  } catch (error) {
    return `no answer: ${error instanceof NoAnswer ? error.reason : (error as Error).message}`;
  }
}

function openApiExpectations(siteBase: string) {
  return (document: { openapi?: unknown; servers?: { url: string }[]; paths?: Record<string, unknown> }): Problems => {
    const problems: Problems = [];
    if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.1.')) problems.push(`body.openapi: expected 3.1.x, got ${JSON.stringify(document.openapi)}`);
    const servers = (document.servers ?? []).map((server) => server.url);
    for (const server of [siteBase, `${siteBase}${V1}`]) if (!servers.includes(server)) problems.push(`body.servers: expected ${server} among ${JSON.stringify(servers)}`);
    for (const template of ENDPOINT_TEMPLATES) if (!Object.hasOwn(document.paths ?? {}, template)) problems.push(`body.paths: expected ${template}`);
    return problems;
  };
}

/** Root-relative path of an absolute URL on the site's base. */
const pathOf = (url: string, siteBase: string) => (url.startsWith(`${siteBase}/`) ? url.slice(siteBase.length) : new URL(url).pathname);

const CHECK_ORDER: string[] = Object.values(CHECK);

/** Results in the order of CHECK, then by URL: the same table for the same site, however requests interleaved. */
function ordered(results: Result[]): Result[] {
  return [...results].sort((a, b) => CHECK_ORDER.indexOf(a.check) - CHECK_ORDER.indexOf(b.check) || a.url.localeCompare(b.url));
}
