/**
 * The API catalog (RFC 9727): at `/.well-known/api-catalog`, a linkset (RFC 9264) a client that
 * knows only the domain reads to find the API. It names the API at each of its prefixes, the
 * unversioned one (the current major) and each major's, with its description (`service-desc`,
 * openapi.json), its guide (`service-doc`) and its health (`status`: the build that answers, and
 * the payment connection), and the MCP endpoint with the guide's section on it.
 */
import { majorPrefixes } from '../core/headers.ts';
import { MCP_PATH } from '../core/mcp/names.ts';
import { HEALTH_PATH } from '../core/payment/health-query.ts';
import { API_CATALOG_FILE, OPENAPI_FILE, VERSION_FILE, publishedPath } from '../core/published-files.ts';
import { OPENAPI_MEDIA_TYPE } from '../core/page-headers.ts';
import { jsonBytes } from '../core/json.ts';
import type { SiteModel } from './model.ts';
import type { OutputFile } from './types.ts';

/** The guide's section on the MCP server (content/docs/api.md, `## MCP server`). */
const MCP_SECTION = 'mcp-server';

interface Link {
  href: string;
  type: string;
}

export function apiCatalog(site: Pick<SiteModel, 'baseUrl' | 'documentationUrl'>): object {
  const base = site.baseUrl;
  const doc: Link = { href: site.documentationUrl, type: 'text/html' };
  const api = (prefix: string) => ({
    anchor: `${base}${prefix}/`,
    'service-desc': [{ href: `${base}${prefix}${publishedPath(OPENAPI_FILE)}`, type: OPENAPI_MEDIA_TYPE }],
    'service-doc': [doc],
    status: [
      { href: `${base}${prefix}${publishedPath(VERSION_FILE)}`, type: 'application/json' },
      { href: `${base}${prefix}${HEALTH_PATH}`, type: 'application/json' },
    ],
  });
  return {
    linkset: [
      api(''),
      ...majorPrefixes().map(api),
      { anchor: `${base}${MCP_PATH}`, 'service-doc': [{ ...doc, href: `${doc.href}#${MCP_SECTION}` }] },
    ],
  };
}

export const apiCatalogFiles = (site: Pick<SiteModel, 'baseUrl' | 'documentationUrl'>): OutputFile[] => [{ path: API_CATALOG_FILE, bytes: jsonBytes(apiCatalog(site)) }];
