/**
 * Static files of a built folder as Netlify serves them: the file at the path, else the page's
 * pretty forms, with the headers `_headers` gives the request's path.
 *
 * - Pretty paths follow netlify-cli's `alternativePathsFor` (src/utils/proxy.ts): `/a/` tries
 *   `/a.html` and `/a/index.html`; `/a` without an asset extension tries `/a.html` and `/a/index.html`.
 * - Header rules are compiled by @netlify/headers-parser, the parser Netlify's build and netlify-cli
 *   use, and matched as netlify-cli's `headersForPath` (src/utils/headers.ts) matches them: every
 *   rule whose `forRegExp` matches the request's path, later rules overriding earlier ones.
 * - `_headers` and `_redirects` are read by Netlify, never published.
 */
import { statSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';

export interface HeaderRule {
  forRegExp: RegExp;
  values: Record<string, string>;
}

/** netlify-cli's assetExtensionRegExp: such a path is never tried as a page. */
const ASSET_EXTENSION = /\.(html?|png|jpg|js|css|svg|gif|ico|woff|woff2)$/;

/** The paths Netlify tries for a request path, in order. */
export function candidatePaths(pathname: string): string[] {
  if (pathname.endsWith('/')) {
    const folder = pathname.slice(0, -1);
    return [...(pathname === '/' ? [] : [`${folder}.html`]), `${pathname}index.html`];
  }
  return ASSET_EXTENSION.test(pathname) ? [pathname] : [pathname, `${pathname}.html`, `${pathname}/index.html`];
}

/** The file of `outDir` that answers `pathname` (percent-encoded, as requested), if any. */
export function locateStatic(outDir: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const root = resolve(outDir);
  for (const candidate of candidatePaths(decoded)) {
    const file = resolve(root, `.${candidate}`);
    const inside = relative(root, file);
    // Nothing outside the folder, and not the files Netlify reads instead of publishing.
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || /^_(headers|redirects)$/.test(inside)) continue;
    try {
      if (statSync(file).isFile()) return file;
    } catch {
      // Not there: try the next form.
    }
  }
  return undefined;
}

export async function readHeaderRules(outDir: string): Promise<{ rules: HeaderRule[]; errors: string[] }> {
  const { headers, errors } = await parseAllHeaders({ headersFiles: [join(outDir, '_headers')], configHeaders: [], minimal: false });
  return { rules: headers as HeaderRule[], errors: errors.map((error: Error) => error.message) };
}

export function headersForPath(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  return Object.assign({}, ...rules.filter((rule) => rule.forRegExp.test(pathname)).map((rule) => rule.values)) as Record<string, string>;
}

/**
 * The type of a file `_headers` gives none: the build sets it for its Markdown twins and text
 * files; these are the rest of what it writes (pages, JSON, assets), as Netlify's CDN types them.
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.gz': 'application/gzip',
  // The content editor's configuration and the WebAssembly Decap loads (/admin/).
  '.yml': 'text/yaml; charset=utf-8',
  '.wasm': 'application/wasm',
};

export const contentTypeOf = (file: string): string => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
