/**
 * The API catalog in dist/ (site/api-catalog.ts, RFC 9727): a linkset (RFC 9264) at
 * `/.well-known/api-catalog` naming the API at `/` and at each major's prefix, each with its
 * description, guide and health, and the MCP endpoint; its media type and its own `api-catalog`
 * link by `_headers`. That every href answers is the link test's (links.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseAllHeaders } from '@netlify/headers-parser';
import { DIST, baseUrl, read } from './dist.ts';
import { join } from 'node:path';
import { API_CATALOG_FILE } from '../../core/published-files.ts';
import { API_CATALOG_CONTENT_TYPE } from '../../core/page-headers.ts';
import { majorPrefixes } from '../../core/headers.ts';

interface Link {
  href: string;
  type: string;
}
type Context = { anchor: string } & Record<string, Link[] | string>;

const linkset = () => (JSON.parse(read(API_CATALOG_FILE)) as { linkset: Context[] }).linkset;

describe('the API catalog', () => {
  it('names the API at / and at every major\'s prefix, with its description, guide and health', () => {
    const base = baseUrl();
    for (const prefix of ['', ...majorPrefixes()]) {
      const api = linkset().find((context) => context.anchor === `${base}${prefix}/`);
      expect(api, prefix || '/').toBeDefined();
      expect((api!['service-desc'] as Link[]).map((link) => link.href)).toEqual([`${base}${prefix}/openapi.json`]);
      expect((api!['service-doc'] as Link[]).length).toBe(1);
      expect((api!.status as Link[]).map((link) => link.href)).toEqual([`${base}${prefix}/version.json`, `${base}${prefix}/api/public/health/payment`]);
    }
  });

  it('names the MCP endpoint with the guide\'s section on it', () => {
    const mcp = linkset().find((context) => context.anchor === `${baseUrl()}/mcp`);
    expect((mcp?.['service-doc'] as Link[])[0].href).toMatch(/#mcp-server$/);
  });

  it('is a linkset: each context an anchor and arrays of links, each an href and a type', () => {
    for (const context of linkset()) {
      expect(typeof context.anchor).toBe('string');
      for (const [relation, links] of Object.entries(context)) {
        if (relation === 'anchor') continue;
        expect(Array.isArray(links), relation).toBe(true);
        for (const link of links as Link[]) expect(Object.keys(link).sort()).toEqual(['href', 'type']);
      }
    }
  });

  it('is served as RFC 9727\'s media type, with the link that names it, on / and every prefix', async () => {
    const { headers, errors } = await parseAllHeaders({ headersFiles: [join(DIST, '_headers')], configHeaders: [], minimal: false });
    expect(errors).toEqual([]);
    for (const prefix of ['', ...majorPrefixes()]) {
      const path = `${prefix}/${API_CATALOG_FILE}`;
      const values = (headers as { forRegExp: RegExp; values: Record<string, string> }[]).filter((rule) => rule.forRegExp.test(path)).map((rule) => rule.values);
      expect(values.map((set) => set['content-type']).filter(Boolean), path).toEqual([API_CATALOG_CONTENT_TYPE]);
      expect(values.map((set) => set.link).filter(Boolean), path).toEqual(['</.well-known/api-catalog>; rel="api-catalog"']);
    }
  });
});
